import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { aiEscalations, chatMessages, chatSessions, knowledgeChunks, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { failMessagesContaining } from '../../test/db-faults.js';
import { makeUser, unlockPanel, type SignedInUser } from '../../test/factories.js';
import { validProfile } from '../../test/profile.js';
import { CoachUnavailableError, type CoachEngine } from '../coach/service.js';
import { FREE_CONVERSATION_MESSAGE_CAP } from '../billing/service.js';
import { TURN_HISTORY_WINDOW } from './service.js';
import { readStarterPlaybook, saveKnowledge } from '../knowledge/service.js';
import { parseSse } from '../../test/sse.js';

const DAY = 24 * 60 * 60 * 1000;
/** Paid access as billing caches it on the user (users.basic_until / pro_until), far ahead of the test clock. */
const PAID_UNTIL = new Date('2100-01-01T00:00:00Z');
let trial: TestApp; // default catalogue: new users are in the 60-day trial
let free: TestApp; // TRIAL_DAYS=0: new users are on the free tier at once
beforeAll(async () => {
  [trial, free] = await Promise.all([buildTestApp(), buildTestApp({ TRIAL_DAYS: '0' })]);
});
afterAll(async () => Promise.all([trial.close(), free.close()]));

const newSession = async (t: TestApp, u: SignedInUser) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} });
  expect(res.statusCode).toBe(201);
  return res.json<{ sessionId: string }>().sessionId;
};
const send = (t: TestApp, u: SignedInUser, sessionId: string, message: string) =>
  t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message } });
/** A conversation made earlier (while New Chat was still allowed), straight into the database. */
const insertSession = async (t: TestApp, u: SignedInUser) => {
  const sessionId = randomUUID();
  await t.db.insert(chatSessions).values({ sessionId, userId: u.user.id });
  return sessionId;
};
const status = async (t: TestApp, u: SignedInUser) => (await t.app.inject({ url: '/api/chat/status', headers: { cookie: u.cookie } })).json();
const messageCount = async (t: TestApp) => (await t.db.select().from(chatMessages)).length;


describe('a coaching conversation', () => {
  it('diagnoses, asks with options, then coaches with a named method tailored to the profile', async () => {
    const u = await makeUser(trial.app);
    // A way of selling the written content does not cover, so the technique coach asks first (issue #23).
    await trial.app.inject({ method: 'POST', url: '/api/onboarding', headers: { cookie: u.cookie }, payload: validProfile({ industry: 'Commercial cleaning', product: 'Office cleaning contracts' }) });
    const sessionId = await newSession(trial, u);

    const first = await send(trial, u, sessionId, 'Half way through the call the prospect said our product is too expensive.');
    expect(first.statusCode).toBe(200);
    const [mine, ask] = first.json().messages;
    expect(mine).toMatchObject({ role: 'user', content: 'Half way through the call the prospect said our product is too expensive.' });
    expect(ask.role).toBe('assistant');
    expect(ask.coaching).toMatchObject({ stage: 'middle', topics: ['objection_handling'] });
    expect(ask.options.length).toBeGreaterThan(1);
    expect(ask.content).toMatch(/\?$/);

    const second = await send(trial, u, sessionId, ask.options[0]);
    const coached = second.json().messages.at(-1);
    expect(coached.coaching.method).toBeTruthy();
    expect(coached.content).toContain('Office cleaning contracts');
    expect(coached.content).toContain('From our playbook');
    expect(coached.options).toContain('Role-play this with me');
    // Only the new messages: the client has the rest.
    expect(second.json().messages).toHaveLength(2);
    expect((await trial.app.inject({ url: '/api/user', headers: { cookie: u.cookie } })).json().sessionCount).toBe(1);
  });

  it('keeps conversations private: another user gets 404 and sees nothing of them', async () => {
    const owner = await makeUser(trial.app);
    const other = await makeUser(trial.app);
    const sessionId = await newSession(trial, owner);
    await send(trial, owner, sessionId, 'Cold calls are killing me.');
    const before = await messageCount(trial);
    expect((await send(trial, other, sessionId, 'hello')).statusCode).toBe(404);
    expect((await trial.app.inject({ url: `/api/chat/sessions/${sessionId}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await trial.app.inject({ url: '/api/chat/sessions', headers: { cookie: other.cookie } })).json().sessions).toEqual([]);
    const list = (await trial.app.inject({ url: '/api/chat/sessions', headers: { cookie: owner.cookie } })).json().sessions;
    expect(list).toEqual([expect.objectContaining({ sessionId, title: 'Cold calls are killing me.', messageCount: 2 })]);
    expect(await messageCount(trial)).toBe(before);
    const forged = await trial.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: other.cookie }, payload: { userId: owner.user.id } });
    expect(forged.statusCode).toBe(403);
  });

  it.each([
    ['an empty message', '', 'Please type a message.'],
    ['a whitespace-only message', '   \n  ', 'Please type a message.'],
    ['a message over 2000 characters', 'x'.repeat(2001), 'Messages can be at most 2000 characters.'],
  ])('refuses %s with 400 and stores nothing', async (_what, message, text) => {
    const u = await makeUser(trial.app);
    const sessionId = await newSession(trial, u);
    const before = await messageCount(trial);
    const res = await send(trial, u, sessionId, message);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(text);
    expect(await messageCount(trial)).toBe(before);
  });

  it('refuses a malformed session id and answers 401 when signed out', async () => {
    const u = await makeUser(trial.app);
    expect((await send(trial, u, 'not-a-uuid', 'hi')).json().message).toBe('No active chat session');
    expect((await trial.app.inject({ method: 'POST', url: '/api/chat/message', payload: { sessionId: crypto.randomUUID(), message: 'hi' } })).statusCode).toBe(401);
  });
});

describe('a long conversation (issue #26: a message costs the same at the 100th as at the 4th)', () => {
  /** `turns` pairs of messages straight into the database, each reply with its engine state. */
  const seed = async (t: TestApp, u: SignedInUser, turns: number) => {
    const sessionId = await newSession(t, u);
    const [chat] = await t.db.select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
    if (!chat) throw new Error('no conversation');
    const rows = Array.from({ length: turns }, (_, i) => [
      { chatSessionId: chat.id, role: 'user' as const, content: `Question ${i}: cold calls are killing me.` },
      { chatSessionId: chat.id, role: 'assistant' as const, content: `Answer ${i}`, coaching: { stage: 'intro' as const, topics: ['prospecting' as const] }, engineState: { turn: i } },
    ]).flat();
    await t.db.insert(chatMessages).values(rows);
    return { sessionId, chatId: chat.id };
  };

  /** What the turn's statement read, for each message sent while `run` runs. */
  const turnReads = async (t: TestApp, run: () => Promise<unknown>) => {
    const results: Promise<{ rows: { messages: { id: number; engineState: unknown }[] }[] }>[] = [];
    const client = t.db.$client;
    const query = client.query.bind(client);
    const spy = vi.spyOn(client, 'query').mockImplementation(((config: unknown, values?: unknown) => {
      const result = query(config as never, values as never) as unknown;
      if (typeof config === 'object' && config !== null && (config as { name?: string }).name === 'chat_turn_read') results.push(result as (typeof results)[number]);
      return result;
    }) as typeof client.query);
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return Promise.all(results.map(async (r) => (await r).rows[0]?.messages ?? []));
  };

  it('answers a reply with the new messages only; the conversation read has them all', async () => {
    const u = await makeUser(trial.app);
    const { sessionId } = await seed(trial, u, 50);
    const res = await send(trial, u, sessionId, 'They keep telling me they already have a vendor.');
    expect(res.statusCode).toBe(200);
    const { messages } = res.json<{ sessionId: string; messages: { role: string; content: string; id: number }[] }>();
    expect(res.json().sessionId).toBe(sessionId);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[0]?.content).toBe('They keep telling me they already have a vendor.');
    const all = (await trial.app.inject({ url: `/api/chat/sessions/${sessionId}`, headers: { cookie: u.cookie } })).json<{ messages: { id: number }[] }>().messages;
    expect(all).toHaveLength(102);
    expect(all.slice(-2).map((m) => m.id)).toEqual(messages.map((m) => m.id));
  });

  it("reads the same number of messages at the 100th message as at the 4th: the first, the newest, and the newest engine state's", async () => {
    const u = await makeUser(trial.app);
    const short = await seed(trial, u, 3);
    const long = await seed(trial, u, 99);
    // Team replies after the last coach reply push its engine state out of the newest messages.
    await trial.db.insert(chatMessages).values(Array.from({ length: TURN_HISTORY_WINDOW }, (_, i) => ({ chatSessionId: long.chatId, role: 'team' as const, content: `Team note ${i}` })));
    const [atFourth, atHundredth] = await turnReads(trial, async () => {
      expect((await send(trial, u, short.sessionId, 'Give me another tip')).statusCode).toBe(200);
      expect((await send(trial, u, long.sessionId, 'Give me another tip')).statusCode).toBe(200);
    });
    expect(atFourth).toHaveLength(6);
    // The window, the first message and the message with the newest engine state: bounded.
    expect(atHundredth).toHaveLength(TURN_HISTORY_WINDOW + 2);
    const ids = (atHundredth ?? []).map((m) => m.id);
    const stored = await trial.db.select({ id: chatMessages.id, engineState: chatMessages.engineState }).from(chatMessages).where(eq(chatMessages.chatSessionId, long.chatId));
    const byId = stored.map((m) => m.id).sort((a, b) => a - b);
    expect(ids[0]).toBe(byId[0]);
    const newestState = stored.find((m) => (m.engineState as { turn?: number } | null)?.turn === 98)?.id;
    expect(ids).toContain(newestState);
    expect((atHundredth ?? []).find((m) => m.id === newestState)?.engineState).toEqual({ turn: 98 });
    // Only the newest engine state is read, as before.
    expect((atHundredth ?? []).filter((m) => m.engineState !== null)).toHaveLength(1);
  });
});

describe('the message route reads the session itself', () => {
  it('refuses a forged cookie, a signed-out session and an idle one, storing nothing', async () => {
    const u = await makeUser(trial.app);
    const sessionId = await newSession(trial, u);
    const before = await messageCount(trial);
    const forged = await trial.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: 'sc_session=forged' }, payload: { sessionId, message: 'hi' } });
    expect(forged.statusCode).toBe(401);

    const other = await makeUser(trial.app);
    await trial.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: other.cookie } });
    expect((await send(trial, other, sessionId, 'hi')).statusCode).toBe(401);

    trial.clock.advance(31 * DAY);
    expect((await send(trial, u, sessionId, 'hi')).statusCode).toBe(401);
    trial.clock.advance(-31 * DAY);
    expect(await messageCount(trial)).toBe(before);
    expect((await send(trial, u, sessionId, 'Cold calls are killing me.')).statusCode).toBe(200);
  });
});

describe('streaming replies', () => {
  it('streams user, deltas that add up to the reply, then done with the stored message', async () => {
    const u = await makeUser(trial.app);
    const sessionId = await newSession(trial, u);
    const res = await trial.app.inject({
      method: 'POST',
      url: '/api/chat/message/stream',
      headers: { cookie: u.cookie },
      payload: { sessionId, message: 'After I send the proposal they go completely silent.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(res.body);
    expect(events[0]?.event).toBe('user');
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect(deltas.map((d) => d.data.text).join('')).toBe(done?.data.content);
    expect(done?.data.coaching).toMatchObject({ stage: 'close', topics: ['follow_up'] });
    const stored = (await trial.app.inject({ url: `/api/chat/sessions/${sessionId}`, headers: { cookie: u.cookie } })).json().messages;
    expect(stored.map((m: { id: number }) => m.id)).toEqual([events[0]?.data.id, done?.data.id]);
  });
});

describe('the free tier (product §3.3)', () => {
  it('gives one conversation per 7-day window, keeps it open, then resets', async () => {
    const u = await makeUser(free.app);
    expect(await status(free, u)).toMatchObject({ access: 'free', unlimited: false, freeChatsRemaining: 1, openFreeSessionId: null, openFreeUntil: null, openFreeMessagesLeft: null });
    const a = await newSession(free, u);
    expect((await send(free, u, a, 'Cold calls are killing me.')).statusCode).toBe(200);
    expect((await send(free, u, a, 'They hang up in the first seconds')).statusCode).toBe(200);
    const open = await status(free, u);
    expect(open).toMatchObject({ freeChatsRemaining: 0, daysUntilReset: 7, openFreeSessionId: a, openFreeMessagesLeft: FREE_CONVERSATION_MESSAGE_CAP - 2 });
    // The week's conversation stays open until the window ends: the moment the next free chat comes (issue #25).
    expect(open.openFreeUntil).toBe(open.nextResetAt);
    expect(Date.parse(open.openFreeUntil)).toBe(free.clock.now().getTime() + 7 * DAY);
    expect((await free.app.inject({ url: '/api/user', headers: { cookie: u.cookie } })).json().weeklyFreeChatsRemaining).toBe(0);

    // New Chat is refused before anything is made: the rep could not send a first message in it.
    const conversationsBefore = (await free.db.select().from(chatSessions).where(eq(chatSessions.userId, u.user.id))).length;
    const refusedNew = await free.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} });
    expect(refusedNew.statusCode).toBe(402);
    expect(refusedNew.json()).toMatchObject({ requiresPayment: true, message: expect.stringContaining('resets in 7 day(s)') });
    expect(await free.db.select().from(chatSessions).where(eq(chatSessions.userId, u.user.id))).toHaveLength(conversationsBefore);
    expect(await status(free, u)).toMatchObject({ canStartConversation: false, plan: 'free' });

    // A conversation from before (made while the chat was still unused) refuses a first message too.
    const b = await insertSession(free, u);
    const before = await messageCount(free);
    const refused = await send(free, u, b, 'Another problem');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ requiresPayment: true });
    expect(refused.json().message).toContain('resets in 7 day(s)');
    expect(await messageCount(free)).toBe(before);

    free.clock.advance(3 * DAY);
    expect(await status(free, u)).toMatchObject({ daysUntilReset: 4 });
    free.clock.advance(4 * DAY);
    expect(await status(free, u)).toMatchObject({ freeChatsRemaining: 1, openFreeSessionId: null, canStartConversation: true });
    expect((await free.app.inject({ url: '/api/user', headers: { cookie: u.cookie } })).json().weeklyFreeChatsRemaining).toBe(1);
    expect((await send(free, u, b, 'My demos run too long.')).statusCode).toBe(200);
    // The old window's conversation does not reopen: the new window's chat went to b.
    expect((await send(free, u, a, 'One more thing')).statusCode).toBe(402);
    const [row] = await free.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row?.sessionCount).toBe(2);
  });

  it('accepts exactly one of 25 concurrent first messages', async () => {
    const u = await makeUser(free.app);
    // Conversations made while the chat was unused (New Chat reuses an empty one, so the API would give one).
    const sessions = await Promise.all(Array.from({ length: 25 }, () => insertSession(free, u)));
    const results = await Promise.all(sessions.map((s) => send(free, u, s, 'Cold calls are killing me.')));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 402)).toHaveLength(24);
    const [row] = await free.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ weeklyFreeChatsRemaining: 0, sessionCount: 1 });
  });

  it('lets paid and admin users chat without limit', async () => {
    for (const flags of [{ basicUntil: PAID_UNTIL }, { proUntil: PAID_UNTIL }, { isAdmin: true }]) {
      const u = await makeUser(free.app);
      await free.db.update(users).set(flags).where(eq(users.id, u.user.id));
      for (let i = 0; i < 3; i++) expect((await send(free, u, await newSession(free, u), 'My demos run too long.')).statusCode).toBe(200);
      expect(await status(free, u)).toMatchObject({ unlimited: true });
    }
  });

  it('names the same plan for the chat header and the account badge, from the one set of rules', async () => {
    const trialUser = await makeUser(trial.app);
    expect(await status(trial, trialUser)).toMatchObject({ plan: 'trial', access: 'trial', canStartConversation: true, trialDaysLeft: 60 });
    // The trial is over: the free tier, not a "Free Trial" badge.
    await trial.db.update(users).set({ freeSessionExpiresAt: new Date(trial.clock.now().getTime() - DAY) }).where(eq(users.id, trialUser.user.id));
    expect(await status(trial, trialUser)).toMatchObject({ plan: 'free', access: 'free', trialDaysLeft: null, freeChatsRemaining: 1 });
    for (const [flags, plan] of [[{ basicUntil: PAID_UNTIL }, 'basic'], [{ proUntil: PAID_UNTIL }, 'pro'], [{ isAdmin: true, proUntil: PAID_UNTIL }, 'admin']] as const) {
      const u = await makeUser(free.app);
      await free.db.update(users).set(flags).where(eq(users.id, u.user.id));
      expect(await status(free, u)).toMatchObject({ plan, unlimited: true, canStartConversation: true });
    }
  });

  it('lets trial users chat without limit while the trial lasts', async () => {
    const u = await makeUser(trial.app);
    expect(await status(trial, u)).toMatchObject({ access: 'trial', unlimited: true, trialDaysLeft: 60 });
    for (let i = 0; i < 3; i++) expect((await send(trial, u, await newSession(trial, u), 'Cold calls are killing me.')).statusCode).toBe(200);
  });
});

describe('escalations', () => {
  it('opens one when the rep asks for a person, and an admin reply appears as the coaching team', async () => {
    const u = await makeUser(trial.app);
    const sessionId = await newSession(trial, u);
    const res = await send(trial, u, sessionId, 'Can I talk to a real person please?');
    expect(res.json().messages.at(-1).content).toContain('coaching team');
    const [esc] = await trial.db.select().from(aiEscalations).where(eq(aiEscalations.userId, u.user.id));
    expect(esc).toMatchObject({ status: 'pending', priority: 'high', userMessage: 'Can I talk to a real person please?' });

    const admin = await makeUser(trial.app);
    expect((await trial.app.inject({ url: '/api/admin/escalations', headers: { cookie: u.cookie } })).statusCode).toBe(403);
    await trial.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    // An admin, but the panel is locked in this session: still refused until unlocked.
    expect((await trial.app.inject({ url: '/api/admin/escalations', headers: { cookie: admin.cookie } })).json()).toMatchObject({ code: 'admin_locked' });
    await unlockPanel(trial.app, admin);
    const list = (await trial.app.inject({ url: '/api/admin/escalations', headers: { cookie: admin.cookie } })).json();
    expect(list.find((e: { id: number }) => e.id === esc?.id)).toMatchObject({ user: { username: u.user.username }, sessionId, sessionMessageCount: 2 });

    const empty = await trial.app.inject({ method: 'POST', url: `/api/admin/escalations/${esc?.id}/respond`, headers: { cookie: admin.cookie }, payload: { adminResponse: ' ' } });
    expect(empty.json().message).toBe('Please provide a response for the user.');
    const note = 'Reps selling to zebra farms should open with the migration season.';
    const ok = await trial.app.inject({
      method: 'POST',
      url: `/api/admin/escalations/${esc?.id}/respond`,
      headers: { cookie: admin.cookie },
      payload: { adminResponse: 'Hi! I am Sam from the coaching team. Let us look at your opener together.', learningNote: note },
    });
    expect(ok.statusCode).toBe(200);
    const messages = (await trial.app.inject({ url: `/api/chat/sessions/${sessionId}`, headers: { cookie: u.cookie } })).json().messages;
    expect(messages.at(-1)).toMatchObject({ role: 'team', content: expect.stringContaining('Sam from the coaching team') });
    const chunks = await trial.db.select().from(knowledgeChunks);
    expect(chunks.some((c) => c.content.includes('zebra farms'))).toBe(true);
    const again = await trial.app.inject({ method: 'POST', url: `/api/admin/escalations/${esc?.id}/respond`, headers: { cookie: admin.cookie }, payload: { adminResponse: 'again' } });
    expect(again.statusCode).toBe(409);
  });

  it('opens one after two turns the coach could not place', async () => {
    const u = await makeUser(trial.app);
    const sessionId = await newSession(trial, u);
    await send(trial, u, sessionId, 'hello');
    const [chat] = await trial.db.select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
    const none = await trial.db.select().from(aiEscalations).where(eq(aiEscalations.chatSessionId, chat?.id ?? 0));
    expect(none).toHaveLength(0);
    await send(trial, u, sessionId, 'banana umbrella');
    const opened = await trial.db
      .select()
      .from(aiEscalations)
      .where(and(eq(aiEscalations.chatSessionId, chat?.id ?? 0), eq(aiEscalations.priority, 'normal')));
    expect(opened).toHaveLength(1);
  });
});

describe('when the engine fails', () => {
  const broken: CoachEngine = {
    name: 'broken',
    reply: () => Promise.reject(new CoachUnavailableError('The AI coach is unavailable right now. Please try again in a moment.')),
    stream: () => {
      const reply = Promise.reject(new CoachUnavailableError('The AI coach is unavailable right now. Please try again in a moment.'));
      reply.catch(() => {});
      return {
        reply,
        textStream: (async function* () {
          yield 'Let me';
          throw new CoachUnavailableError('The AI coach is unavailable right now. Please try again in a moment.');
        })(),
      };
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { coach: broken });
  });
  afterAll(async () => t.close());

  it('answers 503 with a clear message, and the stream ends with an error event', async () => {
    const u = await makeUser(t.app);
    const sessionId = await newSession(t, u);
    const res = await send(t, u, sessionId, 'Cold calls are killing me.');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain('unavailable');
    const streamed = await t.app.inject({ method: 'POST', url: '/api/chat/message/stream', headers: { cookie: u.cookie }, payload: { sessionId, message: 'Hello?' } });
    const events = parseSse(streamed.body);
    expect(events.at(-1)).toEqual({ event: 'error', data: { message: 'The AI coach is unavailable right now. Please try again in a moment.' } });
  });
});

describe('a retried send (the browser keeps a failed message and sends it again with its id)', () => {
  // Fails while `failing` is set, after the first words; answers with one fixed reply otherwise.
  let failing = true;
  let calls = 0;
  const answer = { content: 'Ask what silence means to them.', options: [], coaching: { stage: 'close' as const, topics: ['follow_up' as const] }, confidence: 1 };
  const flaky: CoachEngine = {
    name: 'flaky',
    reply: async () => {
      calls += 1;
      if (failing) throw new CoachUnavailableError('The AI coach is unavailable right now. Please try again in a moment.');
      return answer;
    },
    stream: () => {
      calls += 1;
      const fail = failing;
      const reply = fail ? Promise.reject(new CoachUnavailableError('The AI coach is unavailable right now. Please try again in a moment.')) : Promise.resolve(answer);
      reply.catch(() => {});
      return {
        reply,
        textStream: (async function* () {
          yield fail ? 'Let me' : answer.content;
          if (fail) throw new CoachUnavailableError('The AI coach is unavailable right now. Please try again in a moment.');
        })(),
      };
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRIAL_DAYS: '0' }, { coach: flaky });
  });
  afterAll(async () => t.close());
  const stream = (u: SignedInUser, sessionId: string, message: string, clientId: string) =>
    t.app.inject({ method: 'POST', url: '/api/chat/message/stream', headers: { cookie: u.cookie }, payload: { sessionId, message, clientId } });
  const userRows = async (sessionId: string) => {
    const [chat] = await t.db.select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
    const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.chatSessionId, chat!.id));
    return { user: rows.filter((r) => r.role === 'user'), assistant: rows.filter((r) => r.role === 'assistant'), freeMessagesUsed: chat!.freeMessagesUsed };
  };

  it('answers a message stored on the failed try without storing it again or taking another free message', async () => {
    const u = await makeUser(t.app);
    const sessionId = await newSession(t, u);
    const clientId = randomUUID();
    failing = true;
    const first = parseSse((await stream(u, sessionId, 'They go silent after the proposal.', clientId)).body);
    expect(first.map((e) => e.event)).toEqual(['user', 'delta', 'error']);
    expect(await userRows(sessionId)).toMatchObject({ user: [{ clientId }], assistant: [], freeMessagesUsed: 1 });

    failing = false;
    const retry = parseSse((await stream(u, sessionId, 'They go silent after the proposal.', clientId)).body);
    expect(retry.map((e) => e.event)).toEqual(['user', 'delta', 'done']);
    expect(retry[0]?.data.id).toBe(first[0]?.data.id);
    const after = await userRows(sessionId);
    expect(after.user).toHaveLength(1);
    expect(after.assistant).toHaveLength(1);
    expect(after.freeMessagesUsed).toBe(1);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: u.cookie } })).json().sessionCount).toBe(1);
  });

  it('sends back the stored answer, without asking the coach again, when only the answer was lost', async () => {
    const u = await makeUser(t.app);
    const sessionId = await newSession(t, u);
    const clientId = randomUUID();
    failing = false;
    const first = await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message: 'Cold calls are killing me.', clientId } });
    expect(first.statusCode).toBe(200);
    const callsBefore = calls;
    const again = parseSse((await stream(u, sessionId, 'Cold calls are killing me.', clientId)).body);
    expect(again.map((e) => e.event)).toEqual(['user', 'done']);
    expect(again.map((e) => e.data.id)).toEqual(first.json().messages.map((m: { id: number }) => m.id));
    expect(calls).toBe(callsBefore);
    expect(await userRows(sessionId)).toMatchObject({ user: [{ clientId }], freeMessagesUsed: 1 });

    // The same words under a new id are a new message.
    const repeated = parseSse((await stream(u, sessionId, 'Cold calls are killing me.', randomUUID())).body);
    expect(repeated.at(-1)?.event).toBe('done');
    expect((await userRows(sessionId)).user).toHaveLength(2);
  });

  it('stores one copy when two tries of one message race', async () => {
    const u = await makeUser(t.app);
    const sessionId = await newSession(t, u);
    failing = false;
    const clientId = randomUUID();
    const post = () => t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message: 'Cold calls are killing me.', clientId } });
    const codes = (await Promise.all([post(), post(), post()])).map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    expect((await userRows(sessionId)).user).toHaveLength(1);
  });

  it('refuses an id that is not a UUID', async () => {
    const u = await makeUser(t.app);
    const sessionId = await newSession(t, u);
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message: 'Hi', clientId: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('empty conversations', () => {
  it('are not listed, and New Chat reuses the empty one instead of making another', async () => {
    const u = await makeUser(trial.app);
    const a = await newSession(trial, u);
    expect(await newSession(trial, u)).toBe(a);
    const list = async () => (await trial.app.inject({ url: '/api/chat/sessions', headers: { cookie: u.cookie } })).json().sessions;
    expect(await list()).toEqual([]);
    expect((await send(trial, u, a, 'Cold calls are killing me.')).statusCode).toBe(200);
    const b = await newSession(trial, u);
    expect(b).not.toBe(a);
    expect(await list()).toMatchObject([{ sessionId: a, messageCount: 2 }]);
    expect(await trial.db.select().from(chatSessions).where(eq(chatSessions.userId, u.user.id))).toHaveLength(2);
  });
});

describe('concurrent sends in one free conversation (one lock order, an atomic cap)', () => {
  const freeMessages = async (t: TestApp, sessionId: string) => {
    const [row] = await t.db.select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
    const stored = await t.db.select().from(chatMessages).where(and(eq(chatMessages.chatSessionId, row!.id), eq(chatMessages.role, 'user')));
    return { counted: row!.freeMessagesUsed, stored: stored.length };
  };

  it('answers all 25 first messages of a new free conversation with 200, never a deadlock', async () => {
    const u = await makeUser(free.app);
    const sessionId = await newSession(free, u);
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => send(free, u, sessionId, `Cold calls are killing me (${i}).`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(25).fill(200));
    expect(await freeMessages(free, sessionId)).toEqual({ counted: 25, stored: 25 });
    const [row] = await free.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ weeklyFreeChatsRemaining: 0, sessionCount: 1 });
  });

  it('ends every one of a double-click pair on the stream route, both stored', async () => {
    for (let round = 0; round < 4; round++) {
      const u = await makeUser(free.app);
      const sessionId = await newSession(free, u);
      const stream = () => free.app.inject({ method: 'POST', url: '/api/chat/message/stream', headers: { cookie: u.cookie }, payload: { sessionId, message: 'My demos run too long.' } });
      const [a, b] = await Promise.all([stream(), stream()]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect([parseSse(a.body).at(-1)?.event, parseSse(b.body).at(-1)?.event]).toEqual(['done', 'done']);
      expect(await freeMessages(free, sessionId)).toEqual({ counted: 2, stored: 2 });
    }
  });

  it('never passes the 60-message cap: at 55, 25 concurrent sends store 5', async () => {
    const u = await makeUser(free.app);
    const sessionId = await newSession(free, u);
    expect((await send(free, u, sessionId, 'My demos run too long.')).statusCode).toBe(200);
    // 55 accepted so far (the counter is what the cap reads; the history need not be replayed).
    await free.db.update(chatSessions).set({ freeMessagesUsed: 55 }).where(eq(chatSessions.sessionId, sessionId));
    const results = await Promise.all(Array.from({ length: 25 }, () => send(free, u, sessionId, 'Another tip please')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 402)).toHaveLength(20);
    expect(results.find((r) => r.statusCode === 402)?.json()).toMatchObject({ requiresPayment: true, message: expect.stringContaining('message limit') });
    expect(await freeMessages(free, sessionId)).toEqual({ counted: 60, stored: 6 });
  });

  it('gives a reserved message back when the coach fails before anything is stored', async () => {
    const failing = await buildTestApp({ TRIAL_DAYS: '0' }, { coach: { name: 'down', reply: () => Promise.reject(new Error('engine down')), stream: () => ({ reply: Promise.reject(new Error('x')), textStream: (async function* () {})() }) } });
    try {
      const u = await makeUser(failing.app);
      const sessionId = await newSession(failing, u);
      expect((await send(failing, u, sessionId, 'My demos run too long.')).statusCode).toBe(503);
      expect(await freeMessages(failing, sessionId)).toEqual({ counted: 0, stored: 0 });
    } finally {
      await failing.close();
    }
  });
});

describe('a database error during a streamed reply', () => {
  it('ends the stream with an error event instead of leaving it open, and stores nothing', async () => {
    const t = await buildTestApp({ TRIAL_DAYS: '0' });
    try {
      // A real PostgreSQL error on the rep's message insert, which runs after the stream opened.
      await failMessagesContaining(t.pool, 'db-must-fail');
      const u = await makeUser(t.app);
      const sessionId = await newSession(t, u);
      const res = await t.app.inject({ method: 'POST', url: '/api/chat/message/stream', headers: { cookie: u.cookie }, payload: { sessionId, message: 'please db-must-fail now' } });
      expect(res.statusCode).toBe(200);
      const events = parseSse(res.body);
      expect(events).toEqual([{ event: 'error', data: { message: 'The AI coach is unavailable right now. Please try again in a moment.' } }]);
      expect(await t.db.$count(chatMessages)).toBe(0);
      // The free message it reserved is given back.
      const [row] = await t.db.select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
      expect(row?.freeMessagesUsed).toBe(0);
      // The same error on the JSON route is a 500 with the generic message, not a hang.
      const json = await send(t, u, sessionId, 'again db-must-fail');
      expect(json.statusCode).toBe(500);
      expect(json.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    } finally {
      await t.close();
    }
  });
});

describe('identity and limits on the chat routes', () => {
  it("refuses another user's id in the message body with 403 (product §2), and unknown fields with 400", async () => {
    const a = await makeUser(trial.app);
    const b = await makeUser(trial.app);
    const sessionId = await newSession(trial, a);
    const before = await messageCount(trial);
    const foreign = await trial.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: a.cookie }, payload: { sessionId, message: 'Cold calls are killing me.', userId: b.user.id } });
    expect(foreign.statusCode).toBe(403);
    const extra = await trial.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: a.cookie }, payload: { sessionId, message: 'Cold calls are killing me.', role: 'assistant' } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('Unknown field: role');
    expect(await messageCount(trial)).toBe(before);
    const own = await trial.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: a.cookie }, payload: { sessionId, message: 'Cold calls are killing me.', userId: a.user.id } });
    expect(own.statusCode).toBe(200);
  });

  it('limits new conversations and messages per user, per window, with Retry-After', async () => {
    const t = await buildTestApp({ CHAT_MESSAGES_PER_MINUTE: '3', CHAT_CONVERSATIONS_PER_HOUR: '2' });
    try {
      const u = await makeUser(t.app);
      const other = await makeUser(t.app);
      const create = (who: SignedInUser) => t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: who.cookie }, payload: {} });
      const first = (await create(u)).json().sessionId as string;
      expect((await create(u)).statusCode).toBe(201);
      const refused = await create(u);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(refused.json().message).toMatch(/started many conversations/);
      expect((await create(other)).statusCode).toBe(201);

      for (let i = 0; i < 3; i++) expect((await send(t, u, first, 'My demos run too long.')).statusCode).toBe(200);
      const before = await t.db.$count(chatMessages);
      const tooFast = await send(t, u, first, 'My demos run too long.');
      expect(tooFast.statusCode).toBe(429);
      expect(tooFast.json().message).toMatch(/faster than the coach can answer/);
      const streamed = await t.app.inject({ method: 'POST', url: '/api/chat/message/stream', headers: { cookie: u.cookie }, payload: { sessionId: first, message: 'hi' } });
      expect(streamed.statusCode).toBe(429);
      expect(await t.db.$count(chatMessages)).toBe(before);

      t.clock.advance(61_000);
      expect((await send(t, u, first, 'My demos run too long.')).statusCode).toBe(200);
      t.clock.advance(3_600_000);
      expect((await create(u)).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe('a stream open when the server shuts down', () => {
  it('ends with the restarting error event, so the rep knows to send again', async () => {
    const waitsForever: CoachEngine = {
      name: 'slow',
      reply: () => new Promise(() => {}),
      stream: (_ctx, signal) => {
        const reply = new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(new CoachUnavailableError('gone'))));
        reply.catch(() => {});
        return {
          reply,
          textStream: (async function* () {
            yield 'Let me think';
            await reply;
          })(),
        };
      },
    };
    const t = await buildTestApp({}, { coach: waitsForever });
    const u = await makeUser(t.app);
    const sessionId = await newSession(t, u);
    const streaming = t.app.inject({ method: 'POST', url: '/api/chat/message/stream', headers: { cookie: u.cookie }, payload: { sessionId, message: 'Cold calls are killing me.' } });
    // Close once the rep's message is stored, that is once the stream is open.
    while ((await messageCount(t)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await t.close();
    const events = parseSse((await streaming).body);
    expect(events.map((e) => e.event)).toEqual(['user', 'delta', 'error']);
    expect(events.at(-1)?.data).toEqual({ message: 'The server is restarting. Please send your message again in a moment.' });
  });
});

describe("the coach's citation search (issue #26: cached per live knowledge version)", () => {
  let own: TestApp; // its own database: this publishes knowledge
  beforeAll(async () => {
    own = await buildTestApp();
  });
  afterAll(async () => own.close());

  /** The knowledge searches run while `run` runs, apart from the turn's own read. */
  const searches = async (t: TestApp, run: () => Promise<unknown>) => {
    const names: string[] = [];
    const client = t.db.$client;
    const query = client.query.bind(client);
    const spy = vi.spyOn(client, 'query').mockImplementation(((config: unknown, values?: unknown) => {
      const name = typeof config === 'object' && config !== null ? (config as { name?: string }).name : undefined;
      if (name?.startsWith('knowledge_search')) names.push(name);
      return query(config as never, values as never) as unknown;
    }) as typeof client.query);
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return names.length;
  };
  // Diagnosed first, then coached: the reply cites the permission-based opener, a section the
  // turn's own passages (found from the rep's words about a vendor) do not hold.
  const TURNS = ['Cold calls are killing me. People hang up within the first ten seconds.', 'They keep telling me they already have a vendor they are happy with.'];

  it('searches once for a section another conversation already cited, and again after a publish', async () => {
    const u = await makeUser(own.app);
    const replies: string[] = [];
    const converse = async () => {
      const sessionId = await newSession(own, u);
      for (const message of TURNS) {
        const res = await send(own, u, sessionId, message);
        expect(res.statusCode).toBe(200);
        replies.push(res.json<{ messages: { content: string }[] }>().messages[1]?.content ?? '');
      }
    };
    expect(await searches(own, converse)).toBe(1);
    expect(replies[1]).toContain('From our playbook, "Cold call opener: the permission-based opener":** When: at the start of a cold call');
    // The same section in another conversation: the cached answer, the same replies.
    expect(await searches(own, converse)).toBe(0);
    expect(replies.slice(2)).toEqual(replies.slice(0, 2));
    // A publish (by any instance: the turn reads the live version) is searched again.
    const starter = readStarterPlaybook();
    const edited = starter.replace("When: at the start of a cold call, to lower the prospect's guard", 'When: as a newly published cold call opens');
    expect(edited).not.toBe(starter);
    await saveKnowledge(own.db, edited, 'edit', null);
    expect(await searches(own, converse)).toBe(1);
    expect(replies[5]).toContain('When: as a newly published cold call opens');
  });
});
