import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAuditLog, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, unlockPanel } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const getUser = (cookie: string | undefined, query = '') => t.app.inject({ url: `/api/user${query}`, headers: cookie ? { cookie } : {} });

describe('GET /api/user', () => {
  it('answers 401 without a session, and ignores a forged stored-user header', async () => {
    const res = await t.app.inject({ url: '/api/user', headers: { 'x-user-data': JSON.stringify({ id: 1, isAdmin: true }) } });
    expect(res.statusCode).toBe(401);
  });

  it('answers the caller, also when ?userId= is their own id', async () => {
    const { user, cookie } = await makeUser(t.app);
    expect((await getUser(cookie)).json().id).toBe(user.id);
    expect((await getUser(cookie, `?userId=${user.id}`)).json().id).toBe(user.id);
  });

  it("answers 403 for another user's id", async () => {
    const alice = await makeUser(t.app);
    const bob = await makeUser(t.app);
    const res = await getUser(alice.cookie, `?userId=${bob.user.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(bob.user.email);
  });

  it('lets an admin with the panel unlocked read another user, audited, and answers 404 for an unknown id', async () => {
    const admin = await makeUser(t.app);
    const bob = await makeUser(t.app);
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    // Locked: an admin power like any other (ADR 0012).
    const locked = await getUser(admin.cookie, `?userId=${bob.user.id}`);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('admin_locked');
    expect(locked.body).not.toContain(bob.user.email);
    await unlockPanel(t.app, admin);
    const res = await getUser(admin.cookie, `?userId=${bob.user.id}`);
    expect(res.statusCode).toBe(200);
    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.user.id));
    expect(audit.map((a) => [a.action, a.targetId])).toContainEqual(['user.viewed', String(bob.user.id)]);
    expect(res.json().email).toBe(bob.user.email);
    expect(res.json()).not.toHaveProperty('passwordHash');
    expect((await getUser(admin.cookie, '?userId=999999')).statusCode).toBe(404);
  });

  it('answers 400 for a userId that is not a number', async () => {
    const { cookie } = await makeUser(t.app);
    const res = await getUser(cookie, '?userId=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.userId).toBeDefined();
  });
});

describe('GET /api/health, /api/plans, /api/config', () => {
  it('reports the database as ok after a round trip', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('serves the plan catalogue with the configured trial', async () => {
    const res = await t.app.inject({ url: '/api/plans' });
    expect(res.json()).toMatchObject({ basic: { priceCents: 99 }, pro: { priceCents: 499 }, proPromo: { priceCents: 299, thenPriceCents: 499 }, trial: { days: 60 } });
    const noTrial = await buildTestApp({ TRIAL_DAYS: '0' });
    expect((await noTrial.app.inject({ url: '/api/plans' })).json().trial.days).toBe(0);
    await noTrial.close();
  });

  it('serves only public configuration', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(Object.keys(res.json()).sort()).toEqual(['coachModel', 'companyName', 'freeOffer', 'privacyEmail', 'productName', 'supportEmail', 'tutorialVideoId']);
  });

  it("says what a free account gets, true to the configured trial and the free tier's chats (issue #25)", async () => {
    // The default configuration runs a 60-day trial, after which the free tier's chats remain.
    const withTrial = (await t.app.inject({ url: '/api/config' })).json().freeOffer;
    expect(withTrial).toBe('Free for 60 days: unlimited AI coaching, no credit card. After that, 1 AI coaching chat every 7 days stays free.');
    const shortTrial = await buildTestApp({ TRIAL_DAYS: '14' });
    expect((await shortTrial.app.inject({ url: '/api/config' })).json().freeOffer).toContain('Free for 14 days');
    await shortTrial.close();
    // Without a trial, only the free tier: no word of unlimited coaching.
    const noTrial = await buildTestApp({ TRIAL_DAYS: '0' });
    expect((await noTrial.app.inject({ url: '/api/config' })).json().freeOffer).toBe('Free to start: 1 AI coaching chat every 7 days, no credit card.');
    await noTrial.close();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});
