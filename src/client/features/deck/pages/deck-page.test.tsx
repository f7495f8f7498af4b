// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deck, DeckAnswerResult, DeckCard, DeckDue } from '#shared/schemas/deck';
import { json, stubFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/make-user';
import { renderWithApp } from '../../../test/render';
import { DeckPage } from './deck-page';

const fetchMock = stubFetch();

const card = (id: number, text: string, more: Partial<DeckCard> = {}): DeckCard => ({
  id,
  text,
  source: 'chat',
  sessionId: 's1',
  due: '2026-01-15T12:00:00.000Z',
  isDue: true,
  strength: null,
  reviews: 0,
  createdAt: '2026-01-15T12:00:00.000Z',
  updatedAt: '2026-01-15T12:00:00.000Z',
  ...more,
});

/** Answers the deck's endpoints from the given state; records what was sent. */
function serve(deck: Deck, due: DeckDue | { status: number; body: unknown }, scored?: (id: number, answer: string) => DeckAnswerResult) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (url === '/api/deck' && method === 'GET') return json(deck);
    if (url === '/api/deck/due') return 'status' in due ? json(due.body, due.status) : json(due);
    const answered = /^\/api\/deck\/cards\/(\d+)\/answer$/.exec(url);
    if (answered && scored) return json(scored(Number(answered[1]), (body as { answer: string }).answer));
    if (url === '/api/deck' && method === 'POST') return json(card(99, (body as { text: string }).text, { source: 'added' }), 201);
    return json({ message: 'not stubbed' }, 500);
  });
  return sent;
}

describe('DeckPage', () => {
  it('explains where lines come from when the deck is empty', async () => {
    serve({ cards: [], dueCount: 0 }, { cards: [], nextDue: null });
    renderWithApp(<DeckPage />, { path: '/deck', user: makeUser() });
    expect(await screen.findByText(/quote your buyer's words in the chat and they land here/i)).toBeTruthy();
  });

  it('lists the lines and refuses an empty one under the field, sending nothing', async () => {
    const sent = serve({ cards: [card(1, 'the honda place quoted $40 less')], dueCount: 1 }, { cards: [], nextDue: null });
    renderWithApp(<DeckPage />, { path: '/deck', user: makeUser() });
    expect(await screen.findByText('“the honda place quoted $40 less”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The line cannot be empty.');
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Add a buyer line'), { target: { value: 'We need to think about it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toEqual([{ method: 'POST', url: '/api/deck', body: { text: 'We need to think about it' } }]));
  });

  it('shows Free the upgrade on Drill, and keeps the deck', async () => {
    serve({ cards: [card(1, 'we are good, we do not have bugs')], dueCount: 1 }, { status: 403, body: { message: 'Objection drills come with the free trial, Basic and Pro.', code: 'payment_required' } });
    renderWithApp(<DeckPage />, { path: '/deck', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Drill 1 due line' }));
    const locked = await screen.findByTestId('drill-locked');
    expect(within(locked).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/upgrade');
    fireEvent.click(within(locked).getByRole('button', { name: 'Back to your deck' }));
    expect(await screen.findByText('“we are good, we do not have bugs”')).toBeTruthy();
  });

  it('drills the due cards: the line, the answer, the score with keep and change, when it comes back, then the next', async () => {
    const cards = [card(1, 'I need to talk to my wife'), card(2, 'It is too expensive')];
    serve({ cards, dueCount: 2 }, { cards, nextDue: '2026-01-20T09:00:00.000Z' }, (id, answer) => ({
      score: 67,
      rating: 'good',
      keep: `"${answer}": You acknowledged them before answering, so they felt heard.`,
      change: 'You never proposed a specific next step with a day or a time.',
      card: card(id, cards[id - 1]?.text ?? '', { due: '2026-01-18T12:00:00.000Z', isDue: false, reviews: 1, strength: 1 }),
    }));
    renderWithApp(<DeckPage />, { path: '/deck', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Drill 2 due lines' }));
    expect((await screen.findByTestId('drill-line')).textContent).toBe('“I need to talk to my wife”');
    fireEvent.click(screen.getByRole('button', { name: 'Score my answer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Type your answer to the buyer first.');
    fireEvent.change(screen.getByLabelText('What do you say back?'), { target: { value: "That's fair, what would she want to know?" } });
    fireEvent.click(screen.getByRole('button', { name: 'Score my answer' }));
    const result = await screen.findByTestId('drill-result');
    expect(result.textContent).toContain('67/100');
    expect(result.textContent).toContain('You acknowledged them');
    expect(result.textContent).toContain('You never proposed a specific next step');
    expect(screen.getByTestId('drill-next-review').textContent).toMatch(/^Comes back Sun, Jan 18/);
    fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect((await screen.findByTestId('drill-line')).textContent).toBe('“It is too expensive”');
    fireEvent.change(screen.getByLabelText('What do you say back?'), { target: { value: 'Fair enough. Compared to what?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Score my answer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect((await screen.findByTestId('drill-done')).textContent).toMatch(/Nothing due until Sun, Jan 18/);
  });

  describe('by voice, where the browser allows (issue #27 item 4)', () => {
    afterEach(() => vi.unstubAllGlobals());
    const oneCard = () => {
      const cards = [card(1, 'We are good, we do not have bugs')];
      serve({ cards, dueCount: 1 }, { cards, nextDue: null }, (id, answer) => ({ score: 33, rating: 'hard', keep: `"${answer}"`, change: 'Ask a question.', card: card(id, cards[0]?.text ?? '', { isDue: false, reviews: 1 }) }));
    };

    it('speaks the buyer line and takes a dictated answer', async () => {
      const speak = vi.fn();
      vi.stubGlobal('speechSynthesis', { speak, cancel: vi.fn(), getVoices: () => [] });
      vi.stubGlobal('SpeechSynthesisUtterance', class { lang = ''; onend = null; onerror = null; constructor(public text: string) {} });
      class FakeRecognition {
        static last: FakeRecognition | null = null;
        onresult: ((e: unknown) => void) | null = null;
        onerror = null;
        onend = null;
        start = vi.fn();
        stop = vi.fn();
        abort = vi.fn();
        constructor() {
          FakeRecognition.last = this;
        }
      }
      vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
      oneCard();
      renderWithApp(<DeckPage />, { path: '/deck', user: makeUser() });
      fireEvent.click(await screen.findByRole('button', { name: 'Drill 1 due line' }));
      fireEvent.click(await screen.findByRole('button', { name: "Speak the buyer's line" }));
      expect(speak).toHaveBeenCalledWith(expect.objectContaining({ text: 'We are good, we do not have bugs' }));
      fireEvent.click(screen.getByRole('button', { name: 'Dictate' }));
      act(() => FakeRecognition.last?.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: 'Glad to hear it. When did you last check?' }], { isFinal: true })] }));
      expect(screen.getByLabelText<HTMLTextAreaElement>('What do you say back?').value).toBe('Glad to hear it. When did you last check?');
    });

    it('without speech in the browser, shows neither button and the answer is typed', async () => {
      vi.stubGlobal('webkitSpeechRecognition', undefined);
      vi.stubGlobal('SpeechRecognition', undefined);
      vi.stubGlobal('speechSynthesis', undefined);
      oneCard();
      renderWithApp(<DeckPage />, { path: '/deck', user: makeUser() });
      fireEvent.click(await screen.findByRole('button', { name: 'Drill 1 due line' }));
      await screen.findByTestId('drill-line');
      expect(screen.queryByRole('button', { name: "Speak the buyer's line" })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Dictate' })).toBeNull();
      fireEvent.change(screen.getByLabelText('What do you say back?'), { target: { value: 'typed' } });
      fireEvent.click(screen.getByRole('button', { name: 'Score my answer' }));
      expect((await screen.findByTestId('drill-result')).textContent).toContain('33/100');
    });
  });
});
