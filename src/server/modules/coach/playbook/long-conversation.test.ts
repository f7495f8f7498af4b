import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { validProfile } from '../../../test/profile.js';
import { TURN_HISTORY_WINDOW } from '../../chat/service.js';
import type { CoachReply, HistoryMessage, KnowledgePassage, RepProfile } from '../engine.js';
import { lastState, nextTurn } from './dialogue.js';
import { TECHNIQUES } from './techniques.js';
import { ROLE_PLAY } from '../vocabulary.js';

/**
 * A long conversation, as a chat turn hands it to the engine: its first message, its newest ones
 * and the newest engine state (TURN_HISTORY_WINDOW). What the coach's lookbacks need from earlier
 * messages travels in its state (memory.ts), so past the window it does not repeat itself: each
 * reply is the one it would give with the whole conversation before it.
 */
const rep = (industry: string, product: string): RepProfile => ({ username: 'r', industry, product, salesExperience: '1-3 years', biggestStruggle: null, targetIncome: null, currentIncome: null, city: null, state: null });
const CLEANING = rep('Commercial cleaning', 'Office cleaning contracts');
const CARS = rep('Car dealership', 'New and used Toyotas');

/** What the chat's turn reads of `history` (chat/service.ts): only the newest engine state comes with it. */
function window(history: HistoryMessage[]): HistoryMessage[] {
  const stateAt = history.findLastIndex((m) => m.state);
  const newest = history.length - TURN_HISTORY_WINDOW;
  return history.flatMap((m, i) => (i === 0 || i === stateAt || i >= newest ? [{ ...m, state: i === stateAt ? m.state : null }] : []));
}

/** The coach's replies to `messages`, each given the conversation before it whole or, with `windowed`, as the chat reads it. */
function talk(profile: RepProfile, messages: string[], windowed: boolean, knowledge: KnowledgePassage[] = []): CoachReply[] {
  const history: HistoryMessage[] = [];
  return messages.map((message) => {
    const { reply } = nextTurn({ profile, history: windowed ? window(history) : history, message, knowledge });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply.content, options: reply.options, coaching: reply.coaching, state: reply.state ?? null });
    return reply;
  });
}

/** Thirty turns of thanks: sixty messages that push the start of the conversation out of the window. */
const WHILE = Array.from({ length: 30 }, () => 'Thanks');

describe('a long conversation, read through the window', () => {
  it('does not teach again at message 62 a method taught at message 2 that the rep did not name', () => {
    const messages = ['Customer on the lot says the price is too high', ...WHILE, 'she says she has to talk to her husband first'];
    const full = talk(CARS, messages, false);
    const windowed = talk(CARS, messages, true);
    const taught = windowed[0]?.coaching.method;
    expect(taught).toBeDefined();
    expect(windowed.at(-1)?.coaching.method).toBeDefined();
    expect(windowed.at(-1)?.coaching.method).not.toBe(taught);
    expect(windowed.at(-1)?.content).toBe(full.at(-1)?.content);
  });

  it('cites a playbook section quoted early by its title alone, not quoted again', () => {
    // A section that covers two closes: the first technique from it quotes it, the second only names it.
    const knowledge: KnowledgePassage[] = [
      ...[...new Set(TECHNIQUES.flatMap((t) => t.sources))].filter((s) => !/^(?:Summary|Assumptive) close$/.test(s)).map((s, i) => ({ title: `Playbook › ${s}`, content: `About ${s}.`, rank: 1 - i / 1000 })),
      { title: 'Playbook › Closing: Summary close, Assumptive close', content: 'Recap what they agreed to, then assume the next step.', rank: 0.5 },
    ];
    const messages = ['Prospects keep saying our price is too high.', 'honestly I usually just knock 10% off to keep the deal alive', 'Give me another tip', ...WHILE, 'Give me another tip'];
    const replies = talk(CLEANING, messages, true, knowledge);
    const quote = '**From our playbook, "Closing: Summary close, Assumptive close":**';
    expect(replies[2]?.content).toContain(quote);
    expect(replies.at(-1)?.content).toMatch(/assumptive close/i);
    expect(replies.at(-1)?.content).not.toContain(quote);
    expect(replies.at(-1)?.content).toBe(talk(CLEANING, messages, false, knowledge).at(-1)?.content);
  });

  it('in a role-play, the buyer does not say again a line said in the first scene', () => {
    const scene = [ROLE_PLAY, 'I understand. What part worries you most?', 'Trust me, this is the best price you will find', 'Would Tuesday work to go over it?'];
    const messages = ['Prospects keep saying our price is too high.', 'honestly I usually just knock 10% off to keep the deal alive', ...scene, 'stop', ...WHILE, ...scene];
    const buyer = (r: CoachReply | undefined) => /\*\*Your buyer:\*\* "([^"]+)"/.exec(r?.content ?? '')?.[1];
    const windowed = talk(CLEANING, messages, true);
    const first = windowed.slice(3, 6).map(buyer);
    const again = windowed.slice(-3).map(buyer);
    expect(first.every(Boolean) && again.every(Boolean)).toBe(true);
    for (const line of again) expect(first).not.toContain(line);
    expect(again).toEqual(talk(CLEANING, messages, false).slice(-3).map(buyer));
  });

  it('once a topic is covered, goes on to another topic named early rather than ending', () => {
    const messages = [
      'I sell office cleaning and deals keep slipping',
      // Named at message 4 (follow-up, presentation), never again until message 84.
      'two things: 1) the facilities manager ghosts me after the walkthrough 2) the owner thing, he always says our price is double the last guy',
      ...WHILE.slice(0, 12),
      'different problem',
      'They say yes in the meeting but then never sign the contract',
      // Every closing technique, then every objection-handling one.
      ...Array.from({ length: 26 }, () => 'Give me another tip'),
    ];
    const replies = talk(CLEANING, messages, true);
    expect(replies.at(-1)?.content).toMatch(/^What you describe is also \*\*follow-up\*\*/);
    expect(replies.at(-1)?.content).toBe(talk(CLEANING, messages, false).at(-1)?.content);
  });

  it('answers every message of a long conversation as it would with the whole conversation before it', () => {
    const messages = [
      'I sell office cleaning and deals keep slipping',
      'two things: 1) the facilities manager ghosts me after the walkthrough 2) the owner thing, he always says our price is double the last guy',
      ...WHILE,
      'different problem',
      // Picked from the list at message 4.
      'ok the owner one',
      'Give me another tip',
      'Give me another tip',
      'Give me another tip',
      'Give me another tip',
    ];
    const full = talk(CLEANING, messages, false).map((r) => [r.content, r.coaching]);
    expect(talk(CLEANING, messages, true).map((r) => [r.content, r.coaching])).toEqual(full);
  });

  it('keeps its memory small however long the conversation', () => {
    const story = (i: number) => `call ${i}: the buyer said they would think about it. then they went quiet; I followed up twice`;
    const messages = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? story(i) : i % 3 === 1 ? 'Give me another tip' : 'Thanks'));
    const state = talk(CLEANING, messages, true).at(-1)?.state as { seen?: Record<string, string[]> } | undefined;
    expect(state?.seen?.clauses?.length).toBe(24);
    expect(JSON.stringify(state?.seen).length).toBeLessThan(8_000);
  });

  it('goes on from a state stored before it remembered anything, reading the window instead', () => {
    const messages = ['Customer on the lot says the price is too high', 'Thanks'];
    const history: HistoryMessage[] = [];
    for (const message of messages) {
      const { reply } = nextTurn({ profile: CARS, history, message, knowledge: [] });
      // As stored before the coach kept its memory in the state.
      const { seen: _seen, ...older } = (reply.state ?? {}) as Record<string, unknown>;
      history.push({ role: 'user', content: message }, { role: 'assistant', content: reply.content, coaching: reply.coaching, state: older });
    }
    const taught = history[1]?.coaching?.method;
    expect(taught).toBeDefined();
    expect(lastState(history).seen.methods).toEqual([taught]);
    const next = nextTurn({ profile: CARS, history, message: 'she says she has to talk to her husband first', knowledge: [] }).reply;
    expect(next.coaching.method).not.toBe(taught);
    expect((next.state as { seen?: { methods: string[] } }).seen?.methods).toEqual([taught, next.coaching.method]);
  });
});

describe('a long conversation through the app', () => {
  it('does not teach again at message 62 a method taught at message 2', async () => {
    const t = await buildTestApp({ CHAT_MESSAGES_PER_MINUTE: '1000' });
    try {
      const u = await makeUser(t.app);
      const onboarded = await t.app.inject({ method: 'POST', url: '/api/onboarding', headers: { cookie: u.cookie }, payload: validProfile({ industry: 'Car dealership', product: 'New and used Toyotas', biggestStruggle: 'Customers walk over the price.' }) });
      expect(onboarded.statusCode).toBeLessThan(300);
      const sessionId = (await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} })).json<{ sessionId: string }>().sessionId;
      const send = async (message: string) => {
        const res = await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message } });
        expect(res.statusCode).toBe(200);
        return res.json<{ messages: { coaching?: { method?: string } | null }[] }>().messages.at(-1)?.coaching?.method;
      };
      const taught = await send('Customer on the lot says the price is too high');
      expect(taught).toBeDefined();
      for (const message of WHILE) await send(message);
      const later = await send('she says she has to talk to her husband first');
      expect(later).toBeDefined();
      expect(later).not.toBe(taught);
    } finally {
      await t.close();
    }
  });
});
