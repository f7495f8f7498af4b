import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { aiEscalations, chatMessages, chatSessions, knowledgeChunks, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { validProfile } from '../../test/profile.js';
import { CoachUnavailableError, type CoachEngine } from '../coach/engine.js';

const DAY = 24 * 60 * 60 * 1000;
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
const status = async (t: TestApp, u: SignedInUser) => (await t.app.inject({ url: '/api/chat/status', headers: { cookie: u.cookie } })).json();
const messageCount = async (t: TestApp) => (await t.db.select().from(chatMessages)).length;

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}
const parseSse = (body: string): SseEvent[] =>
  body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>;
      return { event, data };
    });

describe('a coaching conversation', () => {
  it('diagnoses, asks with options, then coaches with a named method tailored to the profile', async () => {
    const u = await makeUser(trial.app);
    await trial.app.inject({ method: 'POST', url: '/api/onboarding', headers: { cookie: u.cookie }, payload: validProfile({ product: 'Practice management software' }) });
    const sessionId = await newSession(trial, u);

    const first = await send(trial, u, sessionId, 'Half way through the call the prospect said our product is too expensive and I froze.');
    expect(first.statusCode).toBe(200);
    const [mine, ask] = first.json().session.messages;
    expect(mine).toMatchObject({ role: 'user', content: 'Half way through the call the prospect said our product is too expensive and I froze.' });
    expect(ask.role).toBe('assistant');
    expect(ask.coaching).toMatchObject({ stage: 'middle', topics: ['objection_handling'] });
    expect(ask.options.length).toBeGreaterThan(1);
    expect(ask.content).toMatch(/\?$/);

    const second = await send(trial, u, sessionId, ask.options[0]);
    const coached = second.json().session.messages.at(-1);
    expect(coached.coaching.method).toBeTruthy();
    expect(coached.content).toContain('Practice management software');
    expect(coached.content).toContain('From our playbook');
    expect(coached.options).toContain('Role-play this with me');
    expect(second.json().session.messages).toHaveLength(4);
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

describe('the free tier (DECISIONS §3)', () => {
  it('gives one conversation per 7-day window, keeps it open, then resets', async () => {
    const u = await makeUser(free.app);
    expect(await status(free, u)).toMatchObject({ access: 'free', unlimited: false, freeChatsRemaining: 1, openFreeSessionId: null });
    const a = await newSession(free, u);
    expect((await send(free, u, a, 'Cold calls are killing me.')).statusCode).toBe(200);
    expect((await send(free, u, a, 'They hang up in the first seconds')).statusCode).toBe(200);
    expect(await status(free, u)).toMatchObject({ freeChatsRemaining: 0, daysUntilReset: 7, openFreeSessionId: a });
    expect((await free.app.inject({ url: '/api/user', headers: { cookie: u.cookie } })).json().weeklyFreeChatsRemaining).toBe(0);

    const b = await newSession(free, u);
    const before = await messageCount(free);
    const refused = await send(free, u, b, 'Another problem');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ requiresPayment: true });
    expect(refused.json().message).toContain('resets in 7 day(s)');
    expect(await messageCount(free)).toBe(before);

    free.clock.advance(3 * DAY);
    expect(await status(free, u)).toMatchObject({ daysUntilReset: 4 });
    free.clock.advance(4 * DAY);
    expect(await status(free, u)).toMatchObject({ freeChatsRemaining: 1, openFreeSessionId: null });
    expect((await free.app.inject({ url: '/api/user', headers: { cookie: u.cookie } })).json().weeklyFreeChatsRemaining).toBe(1);
    expect((await send(free, u, b, 'My demos run too long.')).statusCode).toBe(200);
    // The old window's conversation does not reopen: the new window's chat went to b.
    expect((await send(free, u, a, 'One more thing')).statusCode).toBe(402);
    const [row] = await free.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row?.sessionCount).toBe(2);
  });

  it('accepts exactly one of 25 concurrent first messages', async () => {
    const u = await makeUser(free.app);
    const sessions = await Promise.all(Array.from({ length: 25 }, () => newSession(free, u)));
    const results = await Promise.all(sessions.map((s) => send(free, u, s, 'Cold calls are killing me.')));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 402)).toHaveLength(24);
    const [row] = await free.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ weeklyFreeChatsRemaining: 0, sessionCount: 1 });
  });

  it('lets paid and admin users chat without limit', async () => {
    for (const flags of [{ hasBasicAccess: true }, { hasProAccess: true }, { isAdmin: true }]) {
      const u = await makeUser(free.app);
      await free.db.update(users).set(flags).where(eq(users.id, u.user.id));
      for (let i = 0; i < 3; i++) expect((await send(free, u, await newSession(free, u), 'My demos run too long.')).statusCode).toBe(200);
      expect(await status(free, u)).toMatchObject({ unlimited: true });
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
    expect(res.json().session.messages.at(-1).content).toContain('coaching team');
    const [esc] = await trial.db.select().from(aiEscalations).where(eq(aiEscalations.userId, u.user.id));
    expect(esc).toMatchObject({ status: 'pending', priority: 'high', userMessage: 'Can I talk to a real person please?' });

    const admin = await makeUser(trial.app);
    expect((await trial.app.inject({ url: '/api/admin/escalations', headers: { cookie: u.cookie } })).statusCode).toBe(403);
    await trial.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
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
