import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck, DeckAnswerResult, DeckCard, DeckDue } from '#shared/schemas/deck.js';
import { deckCards, deckReviews } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { adminUser, basicUser, freeUser, quickProUser } from '../../test/plan-users.js';
import { drillVerdict } from './drill-feedback.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function newChat(u: SignedInUser): Promise<string> {
  const res = await call('POST', '/api/chat/session', u.cookie, {});
  expect(res.statusCode).toBe(201);
  return res.json<{ sessionId: string }>().sessionId;
}
async function say(u: SignedInUser, sessionId: string, message: string) {
  const res = await call('POST', '/api/chat/message', u.cookie, { sessionId, message });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ messages: { role: string; content: string }[] }>();
}
const deckOf = async (u: SignedInUser) => {
  const res = await call('GET', '/api/deck', u.cookie);
  expect(res.statusCode).toBe(200);
  return res.json<Deck>();
};
const add = async (u: SignedInUser, text: string) => {
  const res = await call('POST', '/api/deck', u.cookie, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DeckCard>();
};
const answer = (u: SignedInUser, id: number, text: string) => call('POST', `/api/deck/cards/${id}/answer`, u.cookie, { answer: text });

const STRONG = "That's fair, I hear you. What would you need to see to feel sure? Could we sit down Thursday at 6 and go over it?";
const WEAK = 'Trust me, you need this and the price goes up tomorrow.';

describe('collecting quoted buyer lines from the chat', () => {
  it('saves the buyer lines a rep quotes in a chat turn, once per line', async () => {
    const u = await makeUser(t.app);
    const chat = await newChat(u);
    await say(u, chat, 'Lost a deal today. The customer said "the honda place quoted $40 less" and I had nothing.');
    await say(u, chat, 'Also the guy said "The Honda place quoted $40 less!" again, same line');
    const deck = await deckOf(u);
    expect(deck.cards.map((c) => c.text)).toEqual(['the honda place quoted $40 less']);
    expect(deck.cards[0]).toMatchObject({ source: 'chat', sessionId: chat, strength: null, reviews: 0 });
    expect(deck.dueCount).toBe(1);
  });

  it('keeps one card per objection: a line inside a card already kept, or around one, is not added again', async () => {
    const u = await makeUser(t.app);
    const chat = await newChat(u);
    await say(u, chat, 'door to door pest. he said "i dont wanna call and cancel, thats a whole thing" and shut the door');
    await say(u, chat, 'next house same thing, "i dont wanna call and cancel". and one lady said "call and cancel is a pain" too');
    expect((await deckOf(u)).cards.map((c) => c.text).sort()).toEqual(['call and cancel is a pain', 'i dont wanna call and cancel, thats a whole thing']);
  });

  it("keeps the rep's own lines and their manager's advice out", async () => {
    const u = await makeUser(t.app);
    const chat = await newChat(u);
    await say(u, chat, 'When they object I say "let me check with my manager on that" and they walk. My manager said "just close harder every time".');
    expect((await deckOf(u)).cards).toEqual([]);
  });

  it("does not collect the rep's lines while they play the seller in a role-play", async () => {
    const u = await makeUser(t.app);
    const chat = await newChat(u);
    await say(u, chat, 'pest control door to door. people say "we\'re good, we don\'t have bugs" and shut the door');
    const started = await say(u, chat, "can we role play it? you be the homeowner");
    expect(started.messages[1]?.content).toBeTruthy();
    const before = (await deckOf(u)).cards.map((c) => c.text);
    expect(before).toEqual(["we're good, we don't have bugs"]);
    // The rep's line in the scene quotes words, but it is their seller line, not a buyer quote.
    await say(u, chat, 'Totally fair. A lot of my neighbors told me "we never see any bugs" until spring, what would it take to check?');
    expect((await deckOf(u)).cards.map((c) => c.text)).toEqual(before);
  });

  it('does not fail the chat turn when the deck cannot be written', async () => {
    const u = await makeUser(t.app);
    const chat = await newChat(u);
    await t.pool.query('alter table deck_cards rename to deck_cards_away');
    try {
      await say(u, chat, 'the buyer said "we already have a guy for that" and hung up');
    } finally {
      await t.pool.query('alter table deck_cards_away rename to deck_cards');
    }
    expect((await deckOf(u)).cards).toEqual([]);
  });
});

describe('editing the deck', () => {
  it('adds, rewords and deletes lines; a duplicate or bad line is a 400 that changes nothing', async () => {
    const u = await freeUser(t);
    const card = await add(u, 'We need to think about it');
    expect(card).toMatchObject({ source: 'added', sessionId: null, text: 'We need to think about it' });
    const dup = await call('POST', '/api/deck', u.cookie, { text: '  we need to THINK about it. ' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.text).toBeDefined();
    expect((await call('POST', '/api/deck', u.cookie, { text: '   ' })).statusCode).toBe(400);
    expect((await call('POST', '/api/deck', u.cookie, { text: 'x'.repeat(301) })).statusCode).toBe(400);
    const edited = await call('PATCH', `/api/deck/cards/${card.id}`, u.cookie, { text: 'We need to sleep on it' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<DeckCard>().text).toBe('We need to sleep on it');
    expect((await call('PATCH', `/api/deck/cards/${card.id}`, u.cookie, { text: '' })).statusCode).toBe(400);
    expect((await deckOf(u)).cards.map((c) => c.text)).toEqual(['We need to sleep on it']);
    expect((await call('DELETE', `/api/deck/cards/${card.id}`, u.cookie)).statusCode).toBe(200);
    expect((await deckOf(u)).cards).toEqual([]);
    expect((await call('DELETE', `/api/deck/cards/${card.id}`, u.cookie)).statusCode).toBe(404);
  });

  it("answers 404 on another user's card and changes nothing", async () => {
    const owner = await makeUser(t.app);
    const other = await makeUser(t.app);
    const card = await add(owner, 'Your price is too high');
    expect((await call('PATCH', `/api/deck/cards/${card.id}`, other.cookie, { text: 'mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/deck/cards/${card.id}`, other.cookie)).statusCode).toBe(404);
    expect((await answer(other, card.id, STRONG)).statusCode).toBe(404);
    expect((await call('PATCH', '/api/deck/cards/99999999', owner.cookie, { text: 'x y z' })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/deck/cards/abc', owner.cookie, { text: 'x y z' })).statusCode).toBe(400);
    expect((await deckOf(other)).cards).toEqual([]);
    expect((await deckOf(owner)).cards).toMatchObject([{ id: card.id, text: 'Your price is too high', reviews: 0 }]);
    expect(await t.db.select().from(deckReviews).where(eq(deckReviews.cardId, card.id))).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    expect((await call('GET', '/api/deck')).statusCode).toBe(401);
    expect((await call('POST', '/api/deck', undefined, { text: 'hello there friend' })).statusCode).toBe(401);
  });
});

describe('drills: the gate per plan', () => {
  it('lets Free keep its deck but refuses its drills with payment_required', async () => {
    const u = await freeUser(t);
    const card = await add(u, 'We are happy with our current vendor');
    expect((await call('GET', '/api/deck', u.cookie)).statusCode).toBe(200);
    const due = await call('GET', '/api/deck/due', u.cookie);
    expect(due.statusCode).toBe(403);
    expect(due.json().code).toBe('payment_required');
    const drilled = await answer(u, card.id, STRONG);
    expect(drilled.statusCode).toBe(403);
    expect(drilled.json().code).toBe('payment_required');
  });

  it.each([
    ['on the trial', () => makeUser(t.app)],
    ['on Basic', () => basicUser(t)],
    ['on Pro', () => quickProUser(t)],
    ['an admin', () => adminUser(t)],
  ])('lets a user %s drill', async (_label, make) => {
    const u = await make();
    const card = await add(u, 'Send me some information');
    expect((await call('GET', '/api/deck/due', u.cookie)).statusCode).toBe(200);
    expect((await answer(u, card.id, STRONG)).statusCode).toBe(200);
  });
});

describe('drills: scoring and FSRS scheduling on the test clock', () => {
  it('maps the rubric to a rating: a losing fault or no move Again, then one move per step up', () => {
    const line = 'It is too expensive';
    expect(drillVerdict(WEAK, line)).toMatchObject({ grade: 1 });
    expect(drillVerdict('We are the best company around.', line)).toMatchObject({ grade: 1, score: 0 });
    expect(drillVerdict("That's fair.", line)).toMatchObject({ grade: 2, score: 33 });
    expect(drillVerdict("That's fair. What would you need to see?", line)).toMatchObject({ grade: 3, score: 67 });
    expect(drillVerdict(STRONG, line)).toMatchObject({ grade: 4, score: 100 });
  });

  // What a trainer found judging the first version (docs/coach-judgements/2026-11-27-practice).
  it('marks a strong answer that runs long down, not out: Good, with the sentence to keep and the length to cut', () => {
    const long =
      "Makes sense, most people out here do. Who are you guys using? Nice. Are they treating the garage and the eaves, or just spraying the baseboards? Reason I ask is the scorpions out here live in the block walls and the weep screeds, and a baseboard spray never touches them. If they're already doing the walls, you're set and I'll leave you alone.";
    const v = drillVerdict(long, 'we already have a guy');
    expect(v).toMatchObject({ grade: 3, score: 50 });
    expect(v.keep).toMatch(/^"Who are you guys using\?": You asked a question/);
    expect(v.change).toMatch(/^At \d+ words it is a speech, not an answer: keep "Who are you guys using\?", and cut the rest\.$/);
  });

  it('hears the buyer\'s own words given back as an acknowledgement', () => {
    expect(drillVerdict("ok great so if the payment's fine, which color do you want to drive home?", 'the payment is fine').grade).toBe(3);
    expect(drillVerdict('ok great, which color do you want to drive home?', 'the payment is fine').grade).toBe(2);
  });

  it('quotes the sentence that did the move and the one with the fault, and gives a perfect answer something to stretch for', () => {
    const pressure = drillVerdict('I hear you. We are the cheapest in Columbus. The price goes up tomorrow, so what would it take?', 'we want to shop around');
    expect(pressure.change).toMatch(/^"The price goes up tomorrow, so what would it take\?": The deadline/);
    expect(drillVerdict(STRONG, 'I need to talk to my wife')).toMatchObject({ keep: expect.stringMatching(/^"Could we sit down Thursday at 6 and go over it\?": You proposed a specific next step/), change: expect.stringMatching(/^Nothing to fix/) });
  });

  it('scores an answer, moves the due date forward, and brings an Again back sooner', async () => {
    const u = await makeUser(t.app);
    const good = await add(u, 'I need to talk to my wife');
    const bad = await add(u, 'It is too expensive for us');
    const start = t.clock.now();
    let due = (await call('GET', '/api/deck/due', u.cookie)).json<DeckDue>();
    expect(due.cards.map((c) => c.id)).toEqual([good.id, bad.id]);

    const g = await answer(u, good.id, STRONG);
    expect(g.statusCode).toBe(200);
    const gr = g.json<DeckAnswerResult>();
    expect(gr).toMatchObject({ score: 100, rating: 'easy' });
    expect(gr.keep).toContain('Could we sit down Thursday at 6');
    expect(gr.change).toMatch(/^Nothing to fix/);
    const b = (await answer(u, bad.id, WEAK)).json<DeckAnswerResult>();
    expect(b.rating).toBe('again');
    expect(b.keep).toBeNull();
    expect(b.change).toContain('"Trust me');

    const goodDue = new Date(gr.card.due).getTime();
    const badDue = new Date(b.card.due).getTime();
    expect(goodDue).toBeGreaterThan(start.getTime() + DAY);
    expect(badDue).toBeGreaterThan(start.getTime());
    expect(badDue).toBeLessThan(goodDue);
    due = (await call('GET', '/api/deck/due', u.cookie)).json<DeckDue>();
    expect(due.cards).toEqual([]);
    expect(due.nextDue).toBe(b.card.due);

    // The Again card is due again after a few minutes; the Easy one is not.
    t.clock.advance(15 * MINUTE);
    due = (await call('GET', '/api/deck/due', u.cookie)).json<DeckDue>();
    expect(due.cards.map((c) => c.id)).toEqual([bad.id]);
    const again = (await answer(u, bad.id, "That's fair. What would you need to see? Could we sit down Thursday at 6?")).json<DeckAnswerResult>();
    expect(new Date(again.card.due).getTime()).toBeGreaterThan(t.clock.now().getTime());

    const deck = await deckOf(u);
    expect(deck.cards.find((c) => c.id === good.id)?.reviews).toBe(1);
    expect(deck.cards.find((c) => c.id === good.id)?.strength).toBeGreaterThan(0.9);
    const rows = await t.db.select().from(deckReviews).where(eq(deckReviews.userId, u.user.id));
    expect(rows.map((r) => r.rating).sort()).toEqual([1, 4, 4]);
  });

  it('refuses an empty or too long answer with 400 and changes nothing', async () => {
    const u = await makeUser(t.app);
    const card = await add(u, 'Call me next quarter');
    expect((await answer(u, card.id, '   ')).statusCode).toBe(400);
    expect((await answer(u, card.id, 'x'.repeat(1001))).statusCode).toBe(400);
    expect((await call('POST', `/api/deck/cards/${card.id}/answer`, u.cookie, {})).statusCode).toBe(400);
    const [row] = await t.db.select().from(deckCards).where(eq(deckCards.id, card.id));
    expect(row?.reps).toBe(0);
    expect(await t.db.select().from(deckReviews).where(eq(deckReviews.cardId, card.id))).toEqual([]);
  });
});

describe('the deck on Progress', () => {
  it("is empty without cards, then shows the week's average recall of the drilled cards, fading with time", async () => {
    const u = await quickProUser(t);
    const progressOf = async () => {
      const res = await call('GET', '/api/progress', u.cookie);
      expect(res.statusCode).toBe(200);
      return res.json<{ deckStrength: { weekStart: string; strength: number | null; cards: number }[] }>().deckStrength;
    };
    expect(await progressOf()).toEqual([]);
    const card = await add(u, 'We are locked into a contract');
    expect((await progressOf()).every((w) => w.strength === null && w.cards === 0)).toBe(true);
    await answer(u, card.id, STRONG);
    const now = (await progressOf()).at(-1);
    expect(now?.cards).toBe(1);
    expect(now?.strength).toBeGreaterThan(0.95);
    t.clock.advance(21 * DAY);
    const later = await progressOf();
    expect(later).toHaveLength(8);
    expect(later.at(-1)?.strength).toBeLessThan(now?.strength ?? 0);
  });
});

describe('the account', () => {
  it('exports the cards and their reviews, and deletes them with the account', async () => {
    const u = await makeUser(t.app);
    const card = await add(u, 'We went with someone else');
    await answer(u, card.id, STRONG);
    const exported = (await call('GET', '/api/account/export', u.cookie)).json();
    expect(exported.deck).toMatchObject([{ text: 'We went with someone else', source: 'added', reviews: [{ answer: STRONG, score: 100, rating: 'easy' }] }]);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: u.cookie }, payload: { currentPassword: u.password, confirmation: 'DELETE' } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.db.select().from(deckCards).where(eq(deckCards.userId, u.user.id))).toEqual([]);
    expect(await t.db.select().from(deckReviews).where(eq(deckReviews.userId, u.user.id))).toEqual([]);
  });
});
