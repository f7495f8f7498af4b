import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSession, SendMessageResponse } from '#shared/schemas/chat.js';
import type { TrainingDrillStarted, TrainingOverview } from '#shared/schemas/training.js';
import { trainingDrills, trainingProgress } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { basicUser, freeUser, proUser } from '../../test/plan-users.js';

/** Issue #27: a lesson's drill opens a role-play on the lesson's moment; ending the scene completes the part. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const startDrill = async (u: SignedInUser, partId: string, motion: string) => call('POST', `/api/training/${partId}/drill`, u.cookie, { motion });
const say = async (u: SignedInUser, sessionId: string, message: string) => {
  const res = await call('POST', '/api/chat/message', u.cookie, { sessionId, message });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SendMessageResponse>().messages[1];
};
const completedAt = async (u: SignedInUser, partId: string) => {
  const o = (await call('GET', '/api/training', u.cookie)).json<TrainingOverview>();
  return o.parts.find((p) => p.id === partId)?.completedAt ?? null;
};

describe('POST /api/training/:partId/drill', () => {
  it("opens a conversation whose first turn is that lesson's buyer line for the motion, in a running scene", async () => {
    const u = await proUser(t);
    const res = await startDrill(u, 'pipeline', 'phone');
    expect(res.statusCode, res.body).toBe(200);
    const { sessionId } = res.json<TrainingDrillStarted>();
    const chat = (await call('GET', `/api/chat/sessions/${sessionId}`, u.cookie)).json<ChatSession>();
    expect(chat.messages).toHaveLength(1);
    const [first] = chat.messages;
    expect(first?.role).toBe('assistant');
    expect(first?.content).toContain('**Linda:** "Who is this? I\'m in the middle of something."');
    expect(first?.content).toContain('office manager at a twelve-person accounting firm');
    expect(first?.coaching).toMatchObject({ rolePlay: true, topics: ['prospecting'] });
    // The door's scene is another buyer: the motion chooses it.
    const door = (await startDrill(u, 'pipeline', 'door')).json<TrainingDrillStarted>();
    const doorChat = (await call('GET', `/api/chat/sessions/${door.sessionId}`, u.cookie)).json<ChatSession>();
    expect(doorChat.messages[0]?.content).toContain('**Dave:** "(Door half open.) Yeah? Not interested, whatever it is."');
  });

  it("the rep's answer goes to the buyer; ending the scene gives feedback with the lesson's rubric and completes the part, once", async () => {
    const u = await proUser(t);
    const { sessionId } = (await startDrill(u, 'objections', 'phone')).json<TrainingDrillStarted>();
    const answer = await say(u, sessionId, "Fair enough, Tony. Before I send it, what would you want in it? Could I call you Thursday at 9 to go over it?");
    // In character, not a new coaching conversation: the scene goes on.
    expect(answer?.content).toContain('Out of character for a moment');
    expect(answer?.coaching?.rolePlay).toBe(true);
    expect(await completedAt(u, 'objections')).toBeNull();
    const feedback = await say(u, sessionId, 'stop');
    expect(feedback?.content).toContain('How you did');
    expect(feedback?.content).toContain("What the lesson's strong answer does:");
    const first = await completedAt(u, 'objections');
    expect(first).not.toBeNull();
    // "Try the scene again" replays the lesson's buyer, not a scene of the coach's choosing.
    const replay = await say(u, sessionId, 'Try the scene again');
    expect(replay?.content).toContain('**Tony:** "Just send me an email."');
    const [drill] = await t.db.select().from(trainingDrills).where(eq(trainingDrills.userId, u.user.id));
    expect(drill).toMatchObject({ partId: 'objections', motion: 'phone' });
    expect(drill?.finishedAt).not.toBeNull();
    // Idempotent: a second scene in it, or a second drill, keeps the first time.
    const again = (await startDrill(u, 'objections', 'door')).json<TrainingDrillStarted>();
    await say(u, again.sessionId, 'I hear you. What happened with the last company? Could I come by Thursday at 6?');
    await say(u, again.sessionId, 'stop');
    expect(await completedAt(u, 'objections')).toBe(first);
    expect((await call('GET', '/api/training', u.cookie)).json<TrainingOverview>().completedCount).toBe(1);
  });

  it('"stop" before answering the buyer ends the scene without completing the part', async () => {
    const u = await proUser(t);
    const { sessionId } = (await startDrill(u, 'closing', 'b2b')).json<TrainingDrillStarted>();
    await say(u, sessionId, 'stop');
    expect(await completedAt(u, 'closing')).toBeNull();
  });

  it('a scene in an ordinary conversation completes nothing', async () => {
    const u = await proUser(t);
    const { sessionId } = (await call('POST', '/api/chat/session', u.cookie, {})).json<ChatSession>();
    await say(u, sessionId, 'Role-play this with me: a homeowner says "not interested" at the door.');
    await say(u, sessionId, 'Fair enough. Can I ask when yours were last done? I am back Thursday at 6.');
    await say(u, sessionId, 'stop');
    expect((await call('GET', '/api/training', u.cookie)).json<TrainingOverview>().completedCount).toBe(0);
  });

  it("another user's drill conversation answers 404 and completes nothing for either", async () => {
    const owner = await proUser(t);
    const other = await proUser(t);
    const { sessionId } = (await startDrill(owner, 'discovery', 'door')).json<TrainingDrillStarted>();
    const res = await call('POST', '/api/chat/message', other.cookie, { sessionId, message: 'Fair enough. What would change? Thursday at 6?' });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `/api/chat/sessions/${sessionId}`, other.cookie)).statusCode).toBe(404);
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, other.user.id))).toEqual([]);
    expect(await completedAt(owner, 'discovery')).toBeNull();
  });

  it('answers 404 for an unknown part and 400 for an unknown motion, and opens nothing', async () => {
    const u = await proUser(t);
    expect((await startDrill(u, 'nope', 'door')).statusCode).toBe(404);
    expect((await startDrill(u, 'pipeline', 'rocket')).statusCode).toBe(400);
    expect(await t.db.select().from(trainingDrills).where(eq(trainingDrills.userId, u.user.id))).toEqual([]);
  });

  it.each([
    ['on the free trial', () => makeUser(t.app)],
    ['on Free', () => freeUser(t)],
    ['on Basic', () => basicUser(t)],
  ])('refuses a user %s with 403 payment_required', async (_label, make) => {
    const u = await make();
    const res = await startDrill(u, 'pipeline', 'door');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'payment_required' });
    expect(await t.db.select().from(trainingDrills).where(eq(trainingDrills.userId, u.user.id))).toEqual([]);
  });

  it('exports the drills with the account and deletes them with it', async () => {
    const u = await proUser(t);
    const { sessionId } = (await startDrill(u, 'pipeline', 'b2b')).json<TrainingDrillStarted>();
    const exported = (await call('GET', '/api/account/export', u.cookie)).json<{ trainingDrills: unknown[] }>();
    expect(exported.trainingDrills).toEqual([expect.objectContaining({ partId: 'pipeline', motion: 'b2b', sessionId, finishedAt: null })]);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: u.cookie }, payload: { confirmation: 'DELETE', currentPassword: u.password } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.db.select().from(trainingDrills).where(eq(trainingDrills.userId, u.user.id))).toEqual([]);
  });
});
