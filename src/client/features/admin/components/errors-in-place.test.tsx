// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { escalationSchema } from '#shared/schemas/escalations';
import { KNOWLEDGE_EMPTY_MESSAGE, UPLOAD_TYPE_MESSAGE } from '#shared/schemas/knowledge';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { EscalationsTab } from './escalations-tab';
import { KnowledgeTab } from './knowledge-tab';
import { UnlockCard } from './unlock-card';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast-store', () => ({ toast }));

// Issue #25: an error about a field or a button is read next to it and stays; it is not a toast.
const fetchMock = stubFetch();
beforeEach(() => toast.mockReset());
const BUSY = 'The service is busy. Please try again.';

function renderWith(ui: ReactElement) {
  renderWithApp(ui);
}

/** The alert holding `text`, which `button` points at. */
async function expectAlertBy(button: HTMLElement, text: string) {
  const note = (await screen.findByText(text)).closest('[role="alert"]');
  expect(note).not.toBeNull();
  expect(button.getAttribute('aria-describedby')?.split(' ')).toContain(note?.id);
  expect(toast).not.toHaveBeenCalled();
}

describe('admin: errors in place', () => {
  it('unlock: a refusal about no field sits above Unlock', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Too many failed unlock attempts. Try again in 5 minutes.' }, 429));
    renderWith(<UnlockCard secret="password" />);
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'Not-The-Password-1' } });
    const button = screen.getByRole('button', { name: 'Unlock' });
    fireEvent.click(button);
    await expectAlertBy(button, 'Too many failed unlock attempts. Try again in 5 minutes.');
  });

  it('unlock: a wrong password is said under the field, once', async () => {
    fetchMock.mockResolvedValue(json({ message: 'That password is not correct.', errors: { secret: ['That password is not correct.'] } }, 400));
    renderWith(<UnlockCard secret="password" />);
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'Not-The-Password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('That password is not correct.')).toBeTruthy();
    expect(screen.getByLabelText('Your password').getAttribute('aria-describedby')).toBe('admin-secret-error');
    expect(toast).not.toHaveBeenCalled();
  });

  function knowledgeServer(onPut: () => Response) {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/admin/knowledge-base/versions')) return json({ versions: [] });
      if (url === '/api/admin/knowledge-base' && (init?.method ?? 'GET') === 'GET') return json({ knowledge: '## Openers\n\nAsk first.', version: null });
      return onPut();
    });
  }

  it('knowledge: emptying it is said under the field, not toasted', async () => {
    knowledgeServer(() => json({}));
    renderWith(<KnowledgeTab />);
    const field = await screen.findByLabelText('Knowledge content');
    fireEvent.change(field, { target: { value: '   ' } });
    const save = screen.getByRole('button', { name: 'Save changes' });
    fireEvent.click(save);
    await expectAlertBy(save, KNOWLEDGE_EMPTY_MESSAGE);
  });

  it('knowledge: a refused save sits above the buttons', async () => {
    knowledgeServer(() => json({ message: BUSY }, 503));
    renderWith(<KnowledgeTab />);
    fireEvent.change(await screen.findByLabelText('Knowledge content'), { target: { value: '## Openers\n\nAsk two questions first.' } });
    const save = screen.getByRole('button', { name: 'Save changes' });
    fireEvent.click(save);
    await expectAlertBy(save, BUSY);
  });

  it('knowledge: a refused upload sits above the Upload button', async () => {
    knowledgeServer(() => json({}));
    renderWith(<KnowledgeTab />);
    await screen.findByLabelText('Knowledge content');
    const input = screen.getByTestId('knowledge-file-input');
    Object.defineProperty(input, 'files', { value: [new File(['%PDF'], 'deck.pdf', { type: 'application/pdf' })] });
    fireEvent.change(input);
    await expectAlertBy(screen.getByRole('button', { name: 'Upload file' }), UPLOAD_TYPE_MESSAGE);
    expect(within(screen.getByRole('alert')).getByText('Upload refused')).toBeTruthy();
  });

  const escalation = escalationSchema.parse({
    id: 9,
    createdAt: '2026-01-15T12:00:00.000Z',
    updatedAt: '2026-01-15T12:00:00.000Z',
    status: 'pending',
    priority: 'high',
    user: { id: 3, username: 'rep_ann' },
    sessionId: null,
    escalationReason: 'Asked for a person',
    userMessage: 'Can I talk to a real person please?',
    aiAttempt: 'I can pass this on.',
    adminResponse: null,
    learningNote: null,
    sessionMessageCount: 2,
    respondedBy: null,
  });

  it('escalations: an empty response is said under the field; a refused one above Send Response', async () => {
    fetchMock.mockImplementation(async (input) => (String(input).startsWith('/api/admin/escalations?') ? json([escalation]) : json({ message: BUSY }, 503)));
    renderWith(<EscalationsTab />);
    const send = await screen.findByRole('button', { name: 'Send Response' });
    fireEvent.click(send);
    await expectAlertBy(send, 'Please provide a response for the user.');
    fireEvent.change(screen.getByLabelText('Your response to the user'), { target: { value: 'Hi, Sam from the coaching team here.' } });
    fireEvent.click(send);
    await expectAlertBy(send, BUSY);
    await waitFor(() => expect(screen.getByText('Failed to send response.')).toBeTruthy());
  });
});
