// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSession } from '#shared/schemas/chat';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { TEAM_REPLY_POLL_MS, useConversation } from './get-conversation';

const fetchMock = stubFetch();
afterEach(() => vi.useRealTimers());

const SESSION = '8f1c3c5e-0000-4000-8000-000000000000';
const at = '2026-01-15T12:00:00.000Z';

function Conversation({ paused = false }: { paused?: boolean }) {
  const { data } = useConversation(SESSION, { paused });
  return <p data-testid="roles">{data?.messages.map((m) => m.role).join(',')}</p>;
}

function renderWith(answers: ChatSession[], paused = false) {
  let n = 0;
  fetchMock.mockImplementation(async () => json(answers[Math.min(n++, answers.length - 1)]));
  renderWithApp(<Conversation paused={paused} />);
}

const waiting: ChatSession = {
  sessionId: SESSION,
  awaitingTeam: true,
  messages: [
    { id: 1, role: 'user', content: 'Can I talk to a person?', timestamp: at },
    { id: 2, role: 'assistant', content: 'The coaching team will reply here.', timestamp: at },
  ],
};
const answered: ChatSession = { ...waiting, awaitingTeam: false, messages: [...waiting.messages, { id: 3, role: 'team', content: 'Sam here.', timestamp: at }] };

describe('the open conversation while it waits for the coaching team (issue #16)', () => {
  it('is read again every 10 seconds until the answer is there, then no more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWith([waiting, waiting, answered]);
    expect((await screen.findByTestId('roles')).textContent).toBe('user,assistant');
    await act(() => vi.advanceTimersByTimeAsync(TEAM_REPLY_POLL_MS));
    await act(() => vi.advanceTimersByTimeAsync(TEAM_REPLY_POLL_MS));
    expect(screen.getByTestId('roles').textContent).toBe('user,assistant,team');
    const reads = fetchMock.mock.calls.length;
    expect(reads).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(TEAM_REPLY_POLL_MS * 3));
    expect(fetchMock.mock.calls.length).toBe(reads);
  });

  it('is not read again when nothing waits for the team', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWith([{ ...waiting, awaitingTeam: false }]);
    await screen.findByText('user,assistant');
    await act(() => vi.advanceTimersByTimeAsync(TEAM_REPLY_POLL_MS * 3));
    expect(fetchMock.mock.calls.length).toBe(1);
  });

  it('waits while paused (a send in progress)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWith([waiting], true);
    await screen.findByText('user,assistant');
    await act(() => vi.advanceTimersByTimeAsync(TEAM_REPLY_POLL_MS * 3));
    expect(fetchMock.mock.calls.length).toBe(1);
  });
});
