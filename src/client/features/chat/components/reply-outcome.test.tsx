// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/schemas/chat';
import { renderWithApp } from '../../../test/render';
import { MessageBubble } from './message-bubble';

afterEach(cleanup);

const reply = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 12,
  role: 'assistant',
  content: 'Ask what they compare the price with.',
  timestamp: '2026-01-15T12:00:00.000Z',
  coaching: { stage: 'middle', topics: ['objection_handling'], method: 'LAER' },
  ...overrides,
});

function renderBubble(message: ChatMessage) {
  renderWithApp(<MessageBubble message={message} />);
}

describe('the "Tried it?" control under a coach reply', () => {
  it('loads under a stored reply with a method, showing its logged outcome when there is one', async () => {
    renderBubble(reply());
    expect(await screen.findByRole('button', { name: 'Tried it? How did the call go? (LAER)' }, { timeout: 3000 })).toBeTruthy();
    cleanup();
    renderBubble(reply({ outcome: { result: 'won', note: null, loggedAt: '2026-01-15T12:00:00.000Z', updatedAt: '2026-01-15T12:00:00.000Z' } }));
    expect((await screen.findByTestId('call-outcome')).textContent).toContain('Your call: Won');
  });

  it('is not offered under a question without a method, a reply still being written, or the rep\'s own message', async () => {
    renderBubble(reply({ id: 13, coaching: { stage: 'middle', topics: ['objection_handling'] } }));
    renderBubble(reply({ id: -1 }));
    renderBubble(reply({ id: 14, role: 'user', coaching: undefined }));
    // Long enough for the control's chunk to have loaded, had any of them asked for it.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByTestId('call-outcome')).toBeNull();
    expect(screen.queryByRole('button', { name: /Tried it/ })).toBeNull();
  });

  it('is not offered under a role-play turn (the buyer\'s line, the scene\'s feedback), which carries its method too', async () => {
    renderBubble(reply({ id: 15, content: '**Your buyer:** "I still need to think about it."', coaching: { stage: 'middle', topics: ['objection_handling'], method: 'LAER', rolePlay: true } }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByTestId('call-outcome')).toBeNull();
    expect(screen.queryByRole('button', { name: /Tried it/ })).toBeNull();
  });
  it('is not offered under a reply to a question the coach cannot advise on (marked notCoaching)', async () => {
    renderBubble(reply({ id: 16, content: "I can't advise on that: it's a legal question.", coaching: { stage: 'general', topics: [], method: 'LAER', notCoaching: true } }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByTestId('call-outcome')).toBeNull();
    expect(screen.queryByRole('button', { name: /Tried it/ })).toBeNull();
  });
});
