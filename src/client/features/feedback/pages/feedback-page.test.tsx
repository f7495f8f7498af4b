// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/schemas/user';
import { json, stubFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/make-user';
import { renderWithApp } from '../../../test/render';
import { FeedbackPage } from './feedback-page';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast-store', () => ({ toast }));

const fetchMock = stubFetch();
beforeEach(() => toast.mockReset());

function renderFeedback(user: User | null) {
  renderWithApp(<FeedbackPage />, { path: '/feedback', user });
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
const sentBodies = () => fetchMock.mock.calls.filter(([url]) => url === '/api/feedback').map(([, init]) => JSON.parse(String(init?.body)));

describe('FeedbackPage', () => {
  it("shows product §11's form, its 'What happens next?' box, and its exact messages without sending anything", async () => {
    renderFeedback(null);
    expect(screen.getByRole('heading', { name: 'What happens next?' })).toBeTruthy();
    expect(screen.getByText('We review every submission within 1-2 business days.')).toBeTruthy();
    expect([...(screen.getByLabelText('Feedback type') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Bug Report', 'Feature Request', 'Improvement Suggestion', 'General Feedback']);
    expect([...(screen.getByLabelText('Category') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['AI Chat', 'Training Videos', 'Community Forum', 'Account & Billing', 'Other']);
    for (const label of ['5 – Excellent', '4 – Good', '3 – Average', '2 – Poor', '1 – Very Poor', 'No rating']) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByTestId('feedback-sender').textContent).toContain('not signed in');

    fill('Subject', 'Hey');
    fill('Message', 'Too short.');
    fill('Contact email (optional)', 'not-an-email');
    submit();
    expect(await screen.findByText('Subject must be at least 5 characters')).toBeTruthy();
    expect(screen.getByText('Message must be at least 20 characters')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends it (an empty email and no rating as null), says 'Submitting…', then shows the confirmation; 'Submit More Feedback' returns to an empty form", async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderFeedback(makeUser({ username: 'dana' }));
    expect(screen.getByTestId('feedback-sender').textContent).toBe('Sent from your account, dana.');
    fireEvent.change(screen.getByLabelText('Feedback type'), { target: { value: 'bug' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'training' } });
    fill('Subject', 'Video stalls');
    fill('Message', 'Part two stops at minute four every time on my phone.');
    submit();
    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submitting…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sentBodies()).toEqual([{ type: 'bug', category: 'training', subject: 'Video stalls', message: 'Part two stops at minute four every time on my phone.', rating: null, email: null }]);
    answer(json({ id: 1, createdAt: '2026-01-15T12:00:00.000Z' }, 201));

    expect(await screen.findByRole('heading', { name: 'Feedback Submitted!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to AI Chat' }).getAttribute('href')).toBe('/chat');
    expect(toast).toHaveBeenCalledWith({ title: 'Feedback Submitted', description: "Thank you for your feedback! We'll review it and get back to you." });
    fireEvent.click(screen.getByRole('button', { name: 'Submit More Feedback' }));
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
  });

  it('sends the chosen rating and email', async () => {
    fetchMock.mockResolvedValue(json({ id: 2, createdAt: '2026-01-15T12:00:00.000Z' }, 201));
    renderFeedback(null);
    fill('Subject', 'Love the coach');
    fill('Message', 'The role-play helped me close two deals this week.');
    fireEvent.click(screen.getByLabelText('5 – Excellent'));
    fill('Contact email (optional)', 'rep@example.com');
    submit();
    await screen.findByRole('heading', { name: 'Feedback Submitted!' });
    expect(sentBodies()[0]).toMatchObject({ rating: 5, email: 'rep@example.com', type: 'general', category: 'other' });
  });

  it("stays on the form with product §11's failure message above Submit when the server fails, and the server's words when it refuses for too many", async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Something went wrong on our side.' }, 500));
    renderFeedback(null);
    fill('Subject', 'Video stalls');
    fill('Message', 'Part two stops at minute four every time on my phone.');
    submit();
    // By the button it answers, and it stays: not a toast (issue #25).
    const alert = await screen.findByText('Failed to submit feedback. Please try again.');
    const note = alert.closest('[role="alert"]');
    expect(screen.getByRole('button', { name: 'Submit Feedback' }).getAttribute('aria-describedby')).toBe(note?.id);
    expect(toast).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Feedback Submitted!' })).toBeNull();
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Video stalls');

    fetchMock.mockResolvedValueOnce(json({ message: 'You have sent a lot of feedback in the last hour. Please try again in 40 minute(s).', code: 'rate_limited' }, 429));
    submit();
    expect(await screen.findByText(/40 minute\(s\)/)).toBeTruthy();
    expect(screen.queryByText('Failed to submit feedback. Please try again.')).toBeNull();
  });
});
