import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coaching } from '#shared/coaching.js';
import type { ChatSession } from '#shared/schemas/chat.js';
import type { CallOutcome, Progress } from '#shared/schemas/progress.js';
import { aiEscalations, callOutcomes, chatMessages, chatSessions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { freeUser, basicUser, proUser, quickProUser, adminUser } from '../../test/plan-users.js';
import { effectivenessOf } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The test clock's start (build-test-app.ts): Thursday 15 January 2026, 12:00 UTC. */
const NOW = new Date('2026-01-15T12:00:00Z');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });


interface FixtureMessage {
  role: 'user' | 'assistant' | 'team';
  at: string;
  coaching?: Coaching;
}

/** A conversation with messages at given times, straight into the database: the figures depend on exact times. */
async function conversation(u: SignedInUser, messages: FixtureMessage[], title = 'A call that went sideways') {
  const sessionId = randomUUID();
  const [chat] = await t.db.insert(chatSessions).values({ sessionId, userId: u.user.id, title }).returning();
  if (!chat) throw new Error('no conversation');
  const ids: number[] = [];
  for (const m of messages) {
    const [row] = await t.db
      .insert(chatMessages)
      .values({ chatSessionId: chat.id, role: m.role, content: `${m.role} at ${m.at}`, coaching: m.coaching ?? null, createdAt: new Date(m.at) })
      .returning({ id: chatMessages.id });
    if (!row) throw new Error('no message');
    ids.push(row.id);
  }
  return { sessionId, ids };
}

const coach = (stage: Coaching['stage'], topic: Coaching['topics'][number] | null, method?: string): Coaching => ({
  stage,
  topics: topic ? [topic] : [],
  ...(method ? { method } : {}),
});

/** One user message and a coaching reply with a method: something to log an outcome on. */
async function coachedReply(u: SignedInUser, method = 'LAER') {
  const { sessionId, ids } = await conversation(u, [
    { role: 'user', at: '2026-01-14T09:00:00Z' },
    { role: 'assistant', at: '2026-01-14T09:00:20Z', coaching: coach('middle', 'objection_handling', method) },
  ]);
  return { sessionId, userMessageId: ids[0] as number, replyId: ids[1] as number };
}

const logOutcome = (u: SignedInUser, messageId: number, body: unknown) => call('PUT', `/api/outcomes/${messageId}`, u.cookie, body);
const progressOf = async (u: SignedInUser, query = '') => {
  const res = await call('GET', `/api/progress${query}`, u.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Progress>();
};
/** Backdates the account: the charts start at the week it was made, and these fixtures have months of history. */
const accountMadeAt = (u: SignedInUser, iso: string) => t.db.update(users).set({ createdAt: new Date(iso) }).where(eq(users.id, u.user.id));
const outcomeRows = (userId: number) => t.db.select().from(callOutcomes).where(eq(callOutcomes.userId, userId));


/** A real chat with the built-in coach: a coaching question, then a scene played and stopped. The coach's replies. */
async function coachingThenScene(cookie: string): Promise<ChatSession['messages']> {
  const start = await call('POST', '/api/chat/session', cookie, {});
  expect(start.statusCode, start.body).toBeLessThan(300);
  const sessionId = start.json<{ sessionId: string }>().sessionId;
  for (const message of [
    'My buyer keeps saying the price is too high and I never know what to say back.',
    'Role-play this with me',
    'I hear you. What would it need to cost for this to be a yes?',
    'stop, how did I do?',
  ]) {
    const res = await call('POST', '/api/chat/message', cookie, { sessionId, message });
    expect(res.statusCode, res.body).toBe(200);
  }
  return (await call('GET', `/api/chat/sessions/${sessionId}`, cookie)).json<ChatSession>().messages.filter((m) => m.role === 'assistant');
}

describe('Pro gating of GET /api/progress', () => {
  it('answers 401 when signed out', async () => {
    expect((await call('GET', '/api/progress')).statusCode).toBe(401);
    expect((await call('GET', '/api/progress?tz=UTC')).statusCode).toBe(401);
  });

  it.each([
    ['on the free trial', () => makeUser(t.app)],
    ['on Free', () => freeUser(t)],
    ['on Basic', () => basicUser(t)],
  ])('refuses a user %s with 403 payment_required, before looking at the query', async (_label, make) => {
    const u = await make();
    for (const url of ['/api/progress', '/api/progress?tz=Europe/Berlin', '/api/progress?tz=%3Cscript%3E']) {
      const res = await call('GET', url, u.cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'payment_required', message: expect.stringMatching(/Pro/) });
    }
  });

  it.each([
    ['Pro (through the sandbox checkout)', () => proUser(t)],
    ['an admin', () => adminUser(t)],
  ])('lets %s in', async (_label, make) => {
    const u = await make();
    const p = await progressOf(u);
    expect(p.totals).toEqual({ sessions: 0, messages: 0, averageSessionSeconds: 0, totalTimeSeconds: 0 });
    expect(p.outcomes).toMatchObject({ total: 0, effectiveness: null, effectivenessBasedOn: 0, byTechnique: [] });
    // A new account: its charts start at the week it was made (the test clock's), not twelve empty weeks before it.
    expect(p.sessionsPerWeek).toEqual([{ weekStart: '2026-01-12', sessions: 0 }]);
    expect(p.outcomes.perWeek).toEqual([{ weekStart: '2026-01-12', won: 0, moved_forward: 0, stalled: 0, lost: 0 }]);
    expect(p.recentReplies).toEqual([]);
    expect(p.stages).toEqual([
      { stage: 'intro', replies: 0 },
      { stage: 'middle', replies: 0 },
      { stage: 'close', replies: 0 },
    ]);
    expect(p.topics).toEqual([]);
    expect(p.improvementAreas).toEqual([]);
  });

  it('closes when Pro lapses', async () => {
    const u = await quickProUser(t);
    expect((await call('GET', '/api/progress', u.cookie)).statusCode).toBe(200);
    await t.db.update(users).set({ proUntil: new Date(t.clock.now().getTime() - HOUR) }).where(eq(users.id, u.user.id));
    expect((await call('GET', '/api/progress', u.cookie)).statusCode).toBe(403);
  });
});

describe('who may log an outcome', () => {
  it('answers 401 on PUT and DELETE when signed out, and writes nothing', async () => {
    const u = await makeUser(t.app);
    const { replyId } = await coachedReply(u);
    expect((await call('PUT', `/api/outcomes/${replyId}`, undefined, { result: 'won' })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/outcomes/${replyId}`)).statusCode).toBe(401);
    expect(await outcomeRows(u.user.id)).toEqual([]);
  });

  it.each([
    ['on the free trial', () => makeUser(t.app)],
    ['on Free', () => freeUser(t)],
    ['on Basic', () => basicUser(t)],
    ['on Pro', () => proUser(t)],
    ['an admin', () => adminUser(t)],
  ])('lets a rep %s log, change and take back an outcome on their own reply', async (_label, make) => {
    const u = await make();
    const { replyId } = await coachedReply(u);
    const res = await logOutcome(u, replyId, { result: 'moved_forward' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CallOutcome>()).toEqual({ messageId: replyId, result: 'moved_forward', note: null, loggedAt: NOW.toISOString(), updatedAt: NOW.toISOString() });
    expect((await call('DELETE', `/api/outcomes/${replyId}`, u.cookie)).statusCode).toBe(200);
    expect(await outcomeRows(u.user.id)).toEqual([]);
  });
});

describe('PUT /api/outcomes/:messageId', () => {
  it('keeps one outcome per reply: logging again replaces it and keeps when it was first logged', async () => {
    const u = await quickProUser(t);
    const { replyId } = await coachedReply(u);
    const first = await logOutcome(u, replyId, { result: 'stalled', note: '  They went quiet after the demo.  ' });
    expect(first.json<CallOutcome>()).toMatchObject({ result: 'stalled', note: 'They went quiet after the demo.' });

    t.clock.advance(2 * HOUR);
    const second = await logOutcome(u, replyId, { result: 'won', note: '' });
    expect(second.statusCode).toBe(200);
    expect(second.json<CallOutcome>()).toEqual({
      messageId: replyId,
      result: 'won',
      note: null,
      loggedAt: NOW.toISOString(),
      updatedAt: new Date(NOW.getTime() + 2 * HOUR).toISOString(),
    });
    t.clock.set(NOW);
    const rows = await outcomeRows(u.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ messageId: replyId, result: 'won', note: null });
  });

  it('makes one row from many concurrent logs of the same reply', async () => {
    const u = await quickProUser(t);
    const { replyId } = await coachedReply(u);
    const results = await Promise.all(['won', 'lost', 'stalled', 'won', 'moved_forward', 'lost'].map((result) => logOutcome(u, replyId, { result })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await outcomeRows(u.user.id)).toHaveLength(1);
  });

  it("answers 404 for another rep's reply, the rep's own message, a reply without a method and an unknown id, writing nothing", async () => {
    const owner = await makeUser(t.app);
    const other = await makeUser(t.app);
    const { replyId, userMessageId } = await coachedReply(owner);
    const { ids } = await conversation(owner, [
      { role: 'user', at: '2026-01-14T10:00:00Z' },
      { role: 'assistant', at: '2026-01-14T10:00:10Z', coaching: coach('middle', 'objection_handling') },
      { role: 'team', at: '2026-01-14T11:00:00Z' },
    ]);
    const [, question, team] = ids as [number, number, number];

    const notFound = [
      [other, replyId],
      [owner, userMessageId],
      [owner, question],
      [owner, team],
      [owner, 2_000_000_000],
    ] as const;
    for (const [who, id] of notFound) {
      const res = await logOutcome(who, id, { result: 'won' });
      expect(res.statusCode, `message ${id}`).toBe(404);
      expect(res.json().message).toBe('There is no coaching reply with that id.');
    }
    // Another rep cannot take back the owner's outcome either.
    await logOutcome(owner, replyId, { result: 'lost' });
    expect((await call('DELETE', `/api/outcomes/${replyId}`, other.cookie)).statusCode).toBe(404);
    expect(await outcomeRows(other.user.id)).toEqual([]);
    expect(await outcomeRows(owner.user.id)).toEqual([expect.objectContaining({ messageId: replyId, result: 'lost' })]);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const u = await quickProUser(t);
    const { replyId } = await coachedReply(u);
    await logOutcome(u, replyId, { result: 'won', note: 'Signed on the spot.' });
    const bad: [unknown, string][] = [
      [{}, 'result'],
      [{ result: 'great' }, 'result'],
      [{ result: 'WON' }, 'result'],
      [{ result: 'won', note: 'x'.repeat(501) }, 'note'],
      [{ result: 'won', note: 'bad\u0000byte' }, 'note'],
      [{ result: 'won', note: 'reversed \u202e text' }, 'note'],
      [{ result: 'won', note: 'lone \ud800 surrogate' }, 'note'],
      [{ result: 'won', note: 42 }, 'note'],
      [{ result: 'won', userIdx: 1 }, ''],
    ];
    for (const [payload, field] of bad) {
      const res = await logOutcome(u, replyId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json<{ message: string; errors: Record<string, string[]> }>();
      expect(body.message).not.toBe('');
      // A key the schema does not know is refused as a whole, with no field to point at.
      const fields = Object.keys(body.errors ?? {});
      expect(field === '' || fields.includes(field), `${JSON.stringify(payload)}: ${fields.join()}`).toBe(true);
    }
    for (const url of ['/api/outcomes/abc', '/api/outcomes/0', '/api/outcomes/-3', '/api/outcomes/99999999999']) {
      expect((await call('PUT', url, u.cookie, { result: 'won' })).statusCode, url).toBe(400);
    }
    // A 500-character note is fine.
    expect((await logOutcome(u, replyId, { result: 'lost', note: 'y'.repeat(500) })).statusCode).toBe(200);
    expect((await outcomeRows(u.user.id))[0]).toMatchObject({ result: 'lost', note: 'y'.repeat(500) });
  });

  it('DELETE is idempotent on the rep\'s own reply', async () => {
    const u = await makeUser(t.app);
    const { replyId } = await coachedReply(u);
    await logOutcome(u, replyId, { result: 'won' });
    for (let i = 0; i < 2; i++) {
      const res = await call('DELETE', `/api/outcomes/${replyId}`, u.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ messageId: replyId, outcome: null });
    }
    expect(await outcomeRows(u.user.id)).toEqual([]);
  });
});

describe('the conversation carries its outcomes', () => {
  it('GET /api/chat/sessions/:id shows each reply its logged outcome, and nothing on the others', async () => {
    const u = await makeUser(t.app);
    const { sessionId, ids } = await conversation(u, [
      { role: 'user', at: '2026-01-14T09:00:00Z' },
      { role: 'assistant', at: '2026-01-14T09:00:20Z', coaching: coach('middle', 'objection_handling', 'LAER') },
      { role: 'user', at: '2026-01-14T09:01:00Z' },
      { role: 'assistant', at: '2026-01-14T09:01:20Z', coaching: coach('close', 'closing', 'Assumptive close') },
    ]);
    await logOutcome(u, ids[3] as number, { result: 'won', note: 'Booked the install.' });
    const res = await call('GET', `/api/chat/sessions/${sessionId}`, u.cookie);
    expect(res.statusCode).toBe(200);
    const messages = res.json<ChatSession>().messages;
    expect(messages.map((m) => m.outcome ?? null)).toEqual([
      null,
      null,
      null,
      { result: 'won', note: 'Booked the install.', loggedAt: NOW.toISOString(), updatedAt: NOW.toISOString() },
    ]);
  });
});

describe('role-play turns', () => {
  const rolePlay = (method: string): Coaching => ({ ...coach('middle', 'objection_handling', method), rolePlay: true });

  it('takes no outcome on a role-play turn (the buyer\'s line or the scene\'s feedback), and lists none to log', async () => {
    const u = await quickProUser(t);
    const { ids } = await conversation(u, [
      { role: 'user', at: '2026-01-14T09:00:00Z' },
      { role: 'assistant', at: '2026-01-14T09:00:20Z', coaching: coach('middle', 'objection_handling', 'LAER') },
      { role: 'user', at: '2026-01-14T09:01:00Z' },
      { role: 'assistant', at: '2026-01-14T09:01:20Z', coaching: rolePlay('LAER') },
      { role: 'user', at: '2026-01-14T09:02:00Z' },
      { role: 'assistant', at: '2026-01-14T09:02:20Z', coaching: rolePlay('LAER') },
    ]);
    for (const id of [ids[3], ids[5]]) expect((await logOutcome(u, id as number, { result: 'won' })).statusCode).toBe(404);
    expect(await outcomeRows(u.user.id)).toEqual([]);
    const p = await progressOf(u);
    expect(p.recentReplies.map((r) => r.messageId)).toEqual([ids[1]]);
  });

  it('counts no call on a role-play turn logged before the turns were marked', async () => {
    const u = await quickProUser(t);
    const { ids } = await conversation(u, [
      { role: 'user', at: '2026-01-14T09:00:00Z' },
      { role: 'assistant', at: '2026-01-14T09:00:20Z', coaching: coach('middle', 'objection_handling', 'LAER') },
      { role: 'user', at: '2026-01-14T09:01:00Z' },
      { role: 'assistant', at: '2026-01-14T09:01:20Z', coaching: coach('middle', 'objection_handling', 'LAER') },
    ]);
    await logOutcome(u, ids[1] as number, { result: 'moved_forward' });
    expect((await logOutcome(u, ids[3] as number, { result: 'won' })).statusCode).toBe(200);
    // The second reply turns out to be a role-play turn (what migration 0015 marks on old rows).
    await t.db.update(chatMessages).set({ coaching: rolePlay('LAER') }).where(eq(chatMessages.id, ids[3] as number));
    const p = await progressOf(u);
    expect(p.outcomes.total).toBe(1);
    expect(p.outcomes.counts).toEqual({ won: 0, moved_forward: 1, stalled: 0, lost: 0 });
    expect(p.outcomes.byTechnique).toEqual([expect.objectContaining({ method: 'LAER', total: 1 })]);
    expect(p.outcomes.perWeek.reduce((n, w) => n + w.won + w.moved_forward, 0)).toBe(1);
    expect(p.recentReplies.map((r) => r.messageId)).toEqual([ids[1]]);
    // The export keeps both, and says which one sits on a role-play turn (and so is not counted).
    const exported = (await call('GET', '/api/account/export', u.cookie)).json<{ callOutcomes: { result: string; onRolePlay: boolean }[] }>().callOutcomes;
    expect(exported.map((o) => [o.result, o.onRolePlay])).toEqual([
      ['moved_forward', false],
      ['won', true],
    ]);
  });

  it('marks the built-in coach\'s role-play turns through the chat, and not its coaching', async () => {
    const u = await quickProUser(t);
    const messages = await coachingThenScene(u.cookie);
    const marked = messages.map((m) => Boolean(m.coaching?.rolePlay));
    // Coaching first, then the scene: its opening, the buyer's answer, the feedback.
    expect(marked[0]).toBe(false);
    expect(marked.slice(-3)).toEqual([true, true, true]);
  });

  it('leaves role-play turns out of what the rep works on (stages, topics, improvement areas), through the chat', async () => {
    const u = await quickProUser(t);
    const replies = await coachingThenScene(u.cookie);
    const coaching = replies.filter((m) => m.coaching && !m.coaching.rolePlay);
    // The scene happened: some turns are role-play, and only the rest are coaching.
    expect(replies.length).toBeGreaterThan(coaching.length);
    const p = await progressOf(u);
    const sum = (xs: { replies: number }[]) => xs.reduce((n, x) => n + x.replies, 0);
    expect(sum(p.stages)).toBe(coaching.length);
    expect(sum(p.topics)).toBe(coaching.filter((m) => m.coaching?.topics[0]).length);
    expect(sum(p.improvementAreas)).toBe(coaching.filter((m) => m.coaching?.topics[0]).length);
  });
});

describe('a question the coach cannot advise on (issue #25)', () => {
  it('gets a plain "can\'t advise", no method, no outcome to log, no place in Progress, and the team on request', async () => {
    const u = await quickProUser(t);
    const start = await call('POST', '/api/chat/session', u.cookie, {});
    expect(start.statusCode, start.body).toBeLessThan(300);
    const sessionId = start.json<{ sessionId: string }>().sessionId;
    const say = async (message: string) => {
      const res = await call('POST', '/api/chat/message', u.cookie, { sessionId, message });
      expect(res.statusCode, res.body).toBe(200);
    };
    await say('My prospects keep saying they need to think about it and then go quiet');
    await say('Is a two-year Ohio-wide non-compete enforceable?');
    const answer = (await call('GET', `/api/chat/sessions/${sessionId}`, u.cookie)).json<ChatSession>().messages.findLast((m) => m.role === 'assistant');
    expect(answer?.content).toMatch(/^I can't advise on that: it's a legal question/);
    expect(answer?.coaching).toMatchObject({ notCoaching: true });
    expect(answer?.coaching?.method).toBeUndefined();
    expect(answer?.options).toContain('Pass this to the coaching team');
    expect((await logOutcome(u, answer?.id as number, { result: 'won' })).statusCode).toBe(404);
    expect((await progressOf(u)).recentReplies.map((r) => r.messageId)).not.toContain(answer?.id);

    await say('Pass this to the coaching team');
    const rows = await t.db.select().from(aiEscalations).where(eq(aiEscalations.userId, u.user.id));
    expect(rows).toHaveLength(1);
  });

  it('counts nothing logged on a reply marked notCoaching', async () => {
    const u = await quickProUser(t);
    const { ids } = await conversation(u, [
      { role: 'user', at: '2026-01-14T09:00:00Z' },
      { role: 'assistant', at: '2026-01-14T09:00:20Z', coaching: coach('middle', 'objection_handling', 'LAER') },
      { role: 'user', at: '2026-01-14T09:01:00Z' },
      { role: 'assistant', at: '2026-01-14T09:01:20Z', coaching: { ...coach('middle', 'objection_handling', 'LAER'), notCoaching: true } },
    ]);
    expect((await logOutcome(u, ids[3] as number, { result: 'won' })).statusCode).toBe(404);
    expect((await progressOf(u)).recentReplies.map((r) => r.messageId)).toEqual([ids[1]]);
  });
});

describe('progress figures', () => {
  /**
   * The fixture: three sessions of the rep's (one 100 days old), an empty conversation, and a
   * busy conversation of someone else's that must count for nothing.
   */
  async function fixture() {
    const u = await quickProUser(t);
    await accountMadeAt(u, '2025-09-01T08:00:00Z');
    const old = await conversation(u, [
      { role: 'user', at: '2025-10-07T09:00:00Z' },
      { role: 'assistant', at: '2025-10-07T09:00:20Z', coaching: coach('middle', 'discovery', 'LAER') },
    ]);
    // Wednesday of the week before: 60 s exactly (not "over a minute"), 3 messages (not "more than 3").
    const lastWeek = await conversation(u, [
      { role: 'user', at: '2026-01-07T09:00:00Z' },
      { role: 'assistant', at: '2026-01-07T09:00:40Z', coaching: coach('close', 'closing', 'Assumptive close') },
      { role: 'assistant', at: '2026-01-07T09:01:00Z', coaching: coach('general', 'follow_up') },
    ]);
    // This week: 30 + 90 + 20 s, a pause of nearly an hour (not counted), 10 s; the team's reply the next day is not time spent.
    const thisWeek = await conversation(u, [
      { role: 'user', at: '2026-01-13T10:00:00Z' },
      { role: 'assistant', at: '2026-01-13T10:00:30Z', coaching: coach('intro', 'prospecting') },
      { role: 'user', at: '2026-01-13T10:02:00Z' },
      { role: 'assistant', at: '2026-01-13T10:02:20Z', coaching: coach('intro', 'prospecting', 'Permission-based opener') },
      { role: 'user', at: '2026-01-13T11:00:00Z' },
      { role: 'assistant', at: '2026-01-13T11:00:10Z', coaching: coach('middle', 'objection_handling', 'LAER') },
      { role: 'team', at: '2026-01-14T15:00:00Z' },
    ]);
    await conversation(u, [], 'Never used');

    const other = await quickProUser(t);
    const theirs = await conversation(other, [
      { role: 'user', at: '2026-01-14T10:00:00Z' },
      { role: 'assistant', at: '2026-01-14T10:05:00Z', coaching: coach('close', 'closing', 'Assumptive close') },
      { role: 'user', at: '2026-01-14T10:10:00Z' },
      { role: 'assistant', at: '2026-01-14T10:15:00Z', coaching: coach('close', 'closing', 'Assumptive close') },
    ]);
    await logOutcome(other, theirs.ids[1] as number, { result: 'won' });
    await logOutcome(other, theirs.ids[3] as number, { result: 'won' });

    // Outcomes, each logged when the call happened.
    t.clock.set(new Date('2025-10-08T12:00:00Z'));
    await logOutcome(u, old.ids[1] as number, { result: 'lost' });
    t.clock.set(new Date('2026-01-08T12:00:00Z'));
    await logOutcome(u, lastWeek.ids[1] as number, { result: 'moved_forward' });
    t.clock.set(new Date('2026-01-14T12:00:00Z'));
    await logOutcome(u, thisWeek.ids[3] as number, { result: 'won', note: 'Got the meeting.' });
    await logOutcome(u, thisWeek.ids[5] as number, { result: 'stalled' });
    t.clock.set(NOW);
    return { u, old, lastWeek, thisWeek };
  }

  it('computes totals, weeks, stages, topics, improvement areas, outcomes and effectiveness from the rep\'s own data', async () => {
    const { u, old, lastWeek, thisWeek } = await fixture();
    const p = await progressOf(u);

    expect(p.timeZone).toBe('UTC');
    // Sessions: the three with a rep message. Time: 150 + 60 + 20 s.
    expect(p.totals).toEqual({ sessions: 3, messages: 12, averageSessionSeconds: 77, totalTimeSeconds: 230 });
    expect(p.activity).toEqual({ goalsAchieved: 1, positiveOutcomes: 1 });

    expect(p.sessionsPerWeek).toHaveLength(12);
    expect(p.sessionsPerWeek[0]).toEqual({ weekStart: '2025-10-27', sessions: 0 });
    expect(p.sessionsPerWeek.slice(-2)).toEqual([
      { weekStart: '2026-01-05', sessions: 1 },
      { weekStart: '2026-01-12', sessions: 1 },
    ]);
    expect(p.sessionsPerWeek.reduce((sum, w) => sum + w.sessions, 0)).toBe(2);

    expect(p.stages).toEqual([
      { stage: 'intro', replies: 2 },
      { stage: 'middle', replies: 2 },
      { stage: 'close', replies: 1 },
    ]);
    expect(p.topics).toEqual([
      { topic: 'prospecting', replies: 2 },
      { topic: 'closing', replies: 1 },
      { topic: 'discovery', replies: 1 },
      { topic: 'follow_up', replies: 1 },
      { topic: 'objection_handling', replies: 1 },
    ]);

    // The 100-day-old reply is outside the 90 days; the 'general' follow-up counts for the close,
    // and, 20 s newer, weighs a hair more than the closing reply before it.
    expect(p.improvementAreas.map((a) => [a.topic, a.stage, a.replies])).toEqual([
      ['prospecting', 'intro', 2],
      ['objection_handling', 'middle', 1],
      ['follow_up', 'close', 1],
      ['closing', 'close', 1],
    ]);
    const weightAt = (iso: string) => 0.5 ** ((NOW.getTime() - new Date(iso).getTime()) / DAY / 30);
    expect(p.improvementAreas[0]?.weight).toBeCloseTo(weightAt('2026-01-13T10:00:30Z') + weightAt('2026-01-13T10:02:20Z'), 2);
    expect(p.improvementAreas[3]?.weight).toBeCloseTo(weightAt('2026-01-07T09:00:40Z'), 2);
    expect(p.improvementAreas[0]?.lastAt).toBe('2026-01-13T10:02:20.000Z');

    expect(p.outcomes.total).toBe(4);
    expect(p.outcomes.counts).toEqual({ won: 1, moved_forward: 1, stalled: 1, lost: 1 });
    expect(p.outcomes.effectiveness).toBe(50); // (100 + 70 + 30 + 0) / 4
    expect(p.outcomes.effectivenessBasedOn).toBe(4);
    expect(p.outcomes.perWeek).toHaveLength(12);
    expect(p.outcomes.perWeek.slice(-2)).toEqual([
      { weekStart: '2026-01-05', won: 0, moved_forward: 1, stalled: 0, lost: 0 },
      { weekStart: '2026-01-12', won: 1, moved_forward: 0, stalled: 1, lost: 0 },
    ]);
    expect(p.outcomes.byTechnique).toEqual([
      { method: 'LAER', total: 2, score: 15, won: 0, moved_forward: 0, stalled: 1, lost: 1 },
      { method: 'Permission-based opener', total: 1, score: 100, won: 1, moved_forward: 0, stalled: 0, lost: 0 },
      { method: 'Assumptive close', total: 1, score: 70, won: 0, moved_forward: 1, stalled: 0, lost: 0 },
    ]);

    expect(p.recentReplies.map((r) => [r.messageId, r.method, r.outcome?.result ?? null])).toEqual([
      [thisWeek.ids[5], 'LAER', 'stalled'],
      [thisWeek.ids[3], 'Permission-based opener', 'won'],
      [lastWeek.ids[1], 'Assumptive close', 'moved_forward'],
      [old.ids[1], 'LAER', 'lost'],
    ]);
    expect(p.recentReplies[1]).toMatchObject({ sessionId: thisWeek.sessionId, conversationTitle: 'A call that went sideways', stage: 'intro', at: '2026-01-13T10:02:20.000Z' });
    expect(p.recentReplies[1]?.outcome).toEqual({ result: 'won', note: 'Got the meeting.', loggedAt: '2026-01-14T12:00:00.000Z', updatedAt: '2026-01-14T12:00:00.000Z' });
  });

  it("starts the charts at the week the account was made, never before it", async () => {
    const u = await quickProUser(t);
    // Made on Wednesday 31 December 2025, in the week of Monday the 29th: three weeks to show, not twelve.
    await accountMadeAt(u, '2025-12-31T18:00:00Z');
    await conversation(u, [
      { role: 'user', at: '2026-01-02T09:00:00Z' },
      { role: 'assistant', at: '2026-01-02T09:00:20Z', coaching: coach('middle', 'objection_handling', 'LAER') },
    ]);
    const p = await progressOf(u);
    expect(p.sessionsPerWeek).toEqual([
      { weekStart: '2025-12-29', sessions: 1 },
      { weekStart: '2026-01-05', sessions: 0 },
      { weekStart: '2026-01-12', sessions: 0 },
    ]);
    expect(p.outcomes.perWeek.map((w) => w.weekStart)).toEqual(['2025-12-29', '2026-01-05', '2026-01-12']);
    // In Tokyo the account was made on Thursday 1 January: the same week there.
    expect((await progressOf(u, '?tz=Asia/Tokyo')).sessionsPerWeek[0]?.weekStart).toBe('2025-12-29');
  });

  it('counts weeks in the rep\'s time zone, and refuses one PostgreSQL does not know', async () => {
    const u = await quickProUser(t);
    await accountMadeAt(u, '2025-09-01T08:00:00Z');
    // Monday 03:00 UTC is still Sunday evening in Los Angeles.
    await conversation(u, [
      { role: 'user', at: '2026-01-12T03:00:00Z' },
      { role: 'assistant', at: '2026-01-12T03:00:10Z', coaching: coach('intro', 'prospecting') },
    ]);
    const utc = await progressOf(u);
    expect(utc.sessionsPerWeek.slice(-2).map((w) => w.sessions)).toEqual([0, 1]);
    const la = await progressOf(u, '?tz=America/Los_Angeles');
    expect(la.timeZone).toBe('America/Los_Angeles');
    expect(la.sessionsPerWeek.slice(-2)).toEqual([
      { weekStart: '2026-01-05', sessions: 1 },
      { weekStart: '2026-01-12', sessions: 0 },
    ]);
    const tokyo = await progressOf(u, '?tz=Asia/Tokyo');
    expect(tokyo.sessionsPerWeek.at(-1)).toEqual({ weekStart: '2026-01-12', sessions: 1 });

    for (const tz of ['Mars/Olympus_Mons', '%3Cscript%3E', 'x'.repeat(65), 'Europe/Berlin%00']) {
      const res = await call('GET', `/api/progress?tz=${tz}`, u.cookie);
      expect(res.statusCode, tz).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['tz']);
    }
  });

  it('shows no effectiveness from fewer than three outcomes, and averages only the latest ten', async () => {
    const u = await quickProUser(t);
    const replies: number[] = [];
    for (let i = 0; i < 12; i++) replies.push((await coachedReply(u, `Method ${i % 3}`)).replyId);

    await logOutcome(u, replies[0] as number, { result: 'won' });
    t.clock.advance(HOUR);
    await logOutcome(u, replies[1] as number, { result: 'won' });
    let p = await progressOf(u);
    expect(p.outcomes.effectiveness).toBeNull();
    expect(p.outcomes.effectivenessBasedOn).toBe(2);

    for (const id of replies.slice(2)) {
      t.clock.advance(HOUR);
      await logOutcome(u, id, { result: 'lost' });
    }
    p = await progressOf(u);
    expect(p.outcomes.total).toBe(12);
    // The two wins are the oldest: outside the last ten.
    expect(p.outcomes.effectiveness).toBe(0);
    expect(p.outcomes.effectivenessBasedOn).toBe(10);
    expect(p.recentReplies).toHaveLength(12);

    // Changing the latest one to a win counts at once.
    await logOutcome(u, replies[11] as number, { result: 'won' });
    expect((await progressOf(u)).outcomes.effectiveness).toBe(10);
    t.clock.set(NOW);
  });

  it('effectivenessOf: the average of the latest ten scores, capped at 100, none from fewer than three', () => {
    expect(effectivenessOf([])).toBeNull();
    expect(effectivenessOf(['won', 'won'])).toBeNull();
    expect(effectivenessOf(['won', 'won', 'won'])).toBe(100);
    expect(effectivenessOf(['moved_forward', 'stalled', 'lost'])).toBe(33);
    expect(effectivenessOf([...Array(10).fill('stalled'), 'won', 'won'])).toBe(30);
  });
});

describe('with the account', () => {
  it("exports the rep's outcomes and nobody else's, and deletes them with the account", async () => {
    const u = await quickProUser(t);
    const other = await quickProUser(t);
    const mine = await coachedReply(u, 'Feel, felt, found');
    const theirs = await coachedReply(other);
    await logOutcome(u, mine.replyId, { result: 'moved_forward', note: 'Second meeting booked.' });
    await logOutcome(other, theirs.replyId, { result: 'won' });

    const data = (await call('GET', '/api/account/export', u.cookie)).json();
    expect(data.callOutcomes).toEqual([
      {
        sessionId: mine.sessionId,
        replyAt: '2026-01-14T09:00:20.000Z',
        method: 'Feel, felt, found',
        onRolePlay: false,
        result: 'moved_forward',
        note: 'Second meeting booked.',
        loggedAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
      },
    ]);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: u.cookie }, payload: { confirmation: 'DELETE', currentPassword: u.password } });
    expect(del.statusCode).toBe(200);
    expect(await outcomeRows(u.user.id)).toEqual([]);
    expect(await outcomeRows(other.user.id)).toHaveLength(1);
  });
});
