// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUnlockStatus } from '#shared/schemas/admin';
import type { KnowledgeBase } from '#shared/schemas/knowledge';
import type { User } from '#shared/schemas/user';
import { json, stubFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/make-user';
import { renderWithApp } from '../../../test/render';
import { makeEscalation } from '../test/make-escalation';
import { AdminPage } from './admin-page';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast-store', () => ({ toast }));

const fetchMock = stubFetch();
beforeEach(() => toast.mockReset());

const LOCKED: AdminUnlockStatus = { unlocked: false, unlockedUntil: null, secret: 'password' };
const UNLOCKED: AdminUnlockStatus = { unlocked: true, unlockedUntil: new Date(Date.now() + 30 * 60_000).toISOString(), secret: 'password' };
const KNOWLEDGE: KnowledgeBase = {
  knowledge: '## Price objections\n\nAcknowledge, clarify, answer, confirm.',
  version: { id: 3, createdAt: '2026-01-15T12:00:00.000Z', note: 'Replaced', length: 55, createdBy: { id: 1, username: 'boss' } },
};
const ESCALATION = makeEscalation();

type Routes = Record<string, (init?: RequestInit) => Response>;
/** Answers each `METHOD url` from `routes`; anything else fails the test loudly. */
function serve(routes: Routes) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const answer = routes[key];
    if (!answer) throw new Error(`unexpected ${key}`);
    return answer(init);
  });
}
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

function renderAdmin(user: User) {
  renderWithApp(<AdminPage />, { path: '/admin', user });
}

describe('AdminPage', () => {
  it('shows a non-admin the locked state with nothing to unlock, and asks the server nothing', () => {
    renderAdmin(makeUser());
    expect(screen.getByRole('heading', { name: 'Admin panel locked' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks a locked admin for their password ('Please enter your password' when empty), names a wrong one, and opens on the right one", async () => {
    let status = LOCKED;
    serve({
      'GET /api/admin/unlock': () => json(status),
      'POST /api/admin/unlock': (init) => {
        const { secret } = JSON.parse(String(init?.body));
        if (secret !== 'Right-Password-1') return json({ message: 'That password is not correct.', errors: { secret: ['That password is not correct.'] }, code: 'invalid_input' }, 400);
        status = UNLOCKED;
        return json(UNLOCKED);
      },
      'GET /api/admin/knowledge-base': () => json(KNOWLEDGE),
      'GET /api/admin/knowledge-base/versions': () => json({ versions: [KNOWLEDGE.version] }),
    });
    renderAdmin(makeUser({ isAdmin: true }));
    const secret = await screen.findByLabelText('Your password');
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Please enter your password')).toBeTruthy();
    expect(calls()).toEqual(['GET /api/admin/unlock']);

    fireEvent.change(secret, { target: { value: 'Wrong-Password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('That password is not correct.', { selector: 'p' })).toBeTruthy();
    // At the field only, not also in a toast (issue #25).
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Authentication Failed' }));

    fireEvent.change(secret, { target: { value: 'Right-Password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('tab', { name: 'Knowledge base', selected: true })).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Successfully authenticated' }));
    expect(((await screen.findByLabelText('Knowledge content')) as HTMLTextAreaElement).value).toBe(KNOWLEDGE.knowledge);
    expect(screen.getByTestId('knowledge-summary').textContent).toContain('by boss: Replaced');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Knowledge base', 'Lessons', 'Escalations', 'Feedback', 'Moderation', 'Audit log']);
  });

  it("asks for the admin key instead when the operator set one ('Please enter admin key')", async () => {
    serve({ 'GET /api/admin/unlock': () => json({ ...LOCKED, secret: 'admin_key' }) });
    renderAdmin(makeUser({ isAdmin: true }));
    await screen.findByLabelText('Admin key');
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Please enter admin key')).toBeTruthy();
  });

  it('goes back to the unlock form when the unlock runs out under it (403 admin_locked)', async () => {
    let status = UNLOCKED;
    serve({
      'GET /api/admin/unlock': () => json(status),
      'GET /api/admin/knowledge-base': () => {
        status = LOCKED;
        return json({ message: 'The admin panel is locked. Unlock it to continue.', code: 'admin_locked' }, 403);
      },
      'GET /api/admin/knowledge-base/versions': () => json({ message: 'The admin panel is locked. Unlock it to continue.', code: 'admin_locked' }, 403),
    });
    renderAdmin(makeUser({ isAdmin: true }));
    expect(await screen.findByLabelText('Your password')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Admin panel locked' }));
  });

  it("answers an escalation: 'Missing Information' without a response, then 'Response Sent'; the rep's words show as text", async () => {
    const sent: unknown[] = [];
    serve({
      'GET /api/admin/unlock': () => json(UNLOCKED),
      'GET /api/admin/knowledge-base': () => json(KNOWLEDGE),
      'GET /api/admin/knowledge-base/versions': () => json({ versions: [KNOWLEDGE.version] }),
      'GET /api/admin/escalations?status=pending': () => json(sent.length ? [] : [ESCALATION]),
      'POST /api/admin/escalations/9/respond': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ ok: true });
      },
    });
    renderAdmin(makeUser({ isAdmin: true }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Escalations' }));
    const card = await screen.findByTestId('escalation-9');
    expect(within(card).getByText('Urgent')).toBeTruthy();
    expect(within(card).getByText('rep_dana')).toBeTruthy();
    expect(within(card).getByText(/6 messages in the conversation/)).toBeTruthy();
    expect(within(card).getByText(ESCALATION.userMessage)).toBeTruthy();
    expect(card.querySelector('img')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Send Response' }));
    expect(await within(card).findByText('Please provide a response for the user.')).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
    expect(sent).toEqual([]);

    fireEvent.change(within(card).getByLabelText('Your response to the user'), { target: { value: 'Sam here: send me your agenda.' } });
    fireEvent.change(within(card).getByLabelText('Learning note (optional)'), { target: { value: 'Book the next step before the demo ends.' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send Response' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Response Sent', description: "Your response has been injected into the user's conversation." }));
    expect(sent).toEqual([{ adminResponse: 'Sam here: send me your agenda.', learningNote: 'Book the next step before the demo ends.' }]);
    expect(await screen.findByText('No pending escalations.')).toBeTruthy();
  });

  it("empties and refuses to save empty knowledge ('Please enter knowledge content'); Test is disabled while the text is empty", async () => {
    serve({
      'GET /api/admin/unlock': () => json(UNLOCKED),
      'GET /api/admin/knowledge-base': () => json(KNOWLEDGE),
      'GET /api/admin/knowledge-base/versions': () => json({ versions: [KNOWLEDGE.version] }),
    });
    renderAdmin(makeUser({ isAdmin: true }));
    const text = await screen.findByLabelText('Knowledge content');
    expect((screen.getByRole('button', { name: 'Test' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(text, { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Test' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Please enter knowledge content', { selector: 'p' })).toBeTruthy();
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Missing Information' }));
    expect(calls()).not.toContain('POST /api/admin/knowledge-base');
  });
});
