// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { feedbackListSchema } from '#shared/schemas/feedback';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { makeEscalation } from '../test/make-escalation';
import { EscalationsTab } from './escalations-tab';
import { FeedbackTab } from './feedback-tab';

const fetchMock = stubFetch();

const FAILED = json({ message: 'Something went wrong on our side.' }, 500);
const LOCKED = () => json({ message: 'The admin panel is locked. Unlock it to continue.', code: 'admin_locked' }, 403);

const ESCALATION = makeEscalation({ userMessage: 'Can I talk to someone?' });

/** A failed first load says what failed and offers Try again, which asks again and shows what came. */
describe('admin tabs: a failed load, then Try again', () => {
  it('feedback', async () => {
    fetchMock.mockResolvedValueOnce(FAILED.clone());
    renderWithApp(<FeedbackTab />);
    expect((await screen.findByRole('alert')).textContent).toBe('The feedback could not be loaded.');
    const feedback = feedbackListSchema.parse([
      { id: 3, createdAt: '2026-01-15T12:00:00.000Z', type: 'bug', category: 'other', status: 'new', subject: 'The chart is blank', message: 'On my phone.', rating: null, email: null, userId: null, username: null },
    ]);
    fetchMock.mockResolvedValueOnce(json(feedback));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The chart is blank')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("escalations, with the server's words", async () => {
    fetchMock.mockResolvedValueOnce(FAILED.clone());
    renderWithApp(<EscalationsTab />);
    expect((await screen.findByRole('alert')).textContent).toBe('The escalations could not be loaded: Something went wrong on our side.');
    fetchMock.mockResolvedValueOnce(json([ESCALATION]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Can I talk to someone?')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an unlock that ran out (403 admin_locked) is no failure to try again: the panel goes back to its unlock form', async () => {
    fetchMock.mockImplementation(async () => LOCKED());
    renderWithApp(<FeedbackTab />);
    expect((await screen.findByText('The unlock has ended. Back to the unlock form…')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
