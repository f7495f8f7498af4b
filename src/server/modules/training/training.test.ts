import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingOverview } from '#shared/schemas/training.js';
import { trainingProgress, users } from '../../db/schema/index.js';
import { readEnv } from '../../env.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { freeUser, basicUser, proUser, adminUser } from '../../test/plan-users.js';

let t: TestApp;
beforeAll(async () => {
  // Part 2 configured empty and part 4 left out: both must come back without a video.
  t = await buildTestApp({ TRAINING_VIDEO_IDS: 'dQw4w9WgXcQ,,M7lc1UVf-VE' });
});
afterAll(async () => t.close());

const HOUR = 60 * 60 * 1000;

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** Every training route, with a valid body: gating must hold on each. */
const ROUTES: { method: Method; url: string; body?: object }[] = [
  { method: 'GET', url: '/api/training' },
  { method: 'PUT', url: '/api/training/discovery/saved', body: { saved: true } },
  { method: 'PUT', url: '/api/training/closing/watched', body: { watched: true } },
];


const overviewOf = async (u: SignedInUser) => {
  const res = await call('GET', '/api/training', u.cookie);
  expect(res.statusCode).toBe(200);
  return res.json<TrainingOverview>();
};
const part = (o: TrainingOverview, id: string) => {
  const found = o.parts.find((p) => p.id === id);
  if (!found) throw new Error(`no part ${id}`);
  return found;
};

describe('training gating', () => {
  it('answers 401 on every route when signed out', async () => {
    for (const r of ROUTES) {
      const res = await call(r.method, r.url, undefined, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it.each([
    ['on the free trial', () => makeUser(t.app)],
    ['on Free', () => freeUser(t)],
    ['on Basic', () => basicUser(t)],
  ])('refuses a user %s with 403 payment_required on every route, even with a bad body', async (_label, make) => {
    const u = await make();
    for (const r of [...ROUTES, { method: 'PUT' as const, url: '/api/training/nope/saved', body: { junk: 1 } }]) {
      const res = await call(r.method, r.url, u.cookie, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'payment_required', message: expect.stringMatching(/Pro/) });
    }
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toEqual([]);
  });

  it.each([
    ['Pro', () => proUser(t)],
    ['an admin', () => adminUser(t)],
  ])('lets %s use every route', async (_label, make) => {
    const u = await make();
    for (const r of ROUTES) {
      const res = await call(r.method, r.url, u.cookie, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(200);
    }
  });

  it('lets Pro from redeemed referral months in, and shuts the door when Pro runs out', async () => {
    const u = await makeUser(t.app);
    await t.db.update(users).set({ referralProUntil: new Date(t.clock.now().getTime() + HOUR), freeSessionExpiresAt: t.clock.now() }).where(eq(users.id, u.user.id));
    expect((await call('GET', '/api/training', u.cookie)).statusCode).toBe(200);
    await t.db.update(users).set({ referralProUntil: new Date(t.clock.now().getTime() - HOUR) }).where(eq(users.id, u.user.id));
    expect((await call('GET', '/api/training', u.cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/training', () => {
  it('lists the four parts (15, 20, 18, 22 minutes; 75 in all) with the configured videos', async () => {
    const o = await overviewOf(await proUser(t));
    expect(o.parts.map((p) => p.durationMinutes)).toEqual([15, 20, 18, 22]);
    expect(o.totalMinutes).toBe(75);
    expect(o.watchedMinutes).toBe(0);
    expect(o.parts.map((p) => p.videoId)).toEqual(['dQw4w9WgXcQ', null, 'M7lc1UVf-VE', null]);
    for (const p of o.parts) {
      expect(p.title).not.toBe('');
      expect(p.description).not.toBe('');
      expect(p).toMatchObject({ savedAt: null, watchedAt: null });
    }
  });
});

describe('saved and watched marks', () => {
  it('are idempotent: setting twice keeps the first time, clearing twice is fine', async () => {
    const u = await proUser(t);
    const first = await call('PUT', '/api/training/objections/saved', u.cookie, { saved: true });
    expect(first.statusCode).toBe(200);
    const savedAt = part(first.json<TrainingOverview>(), 'objections').savedAt;
    expect(savedAt).toBe(t.clock.now().toISOString());

    t.clock.advance(HOUR);
    const again = await call('PUT', '/api/training/objections/saved', u.cookie, { saved: true });
    expect(part(again.json<TrainingOverview>(), 'objections').savedAt).toBe(savedAt);
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toHaveLength(1);

    for (let i = 0; i < 2; i++) {
      const cleared = await call('PUT', '/api/training/objections/saved', u.cookie, { saved: false });
      expect(cleared.statusCode).toBe(200);
      expect(part(cleared.json<TrainingOverview>(), 'objections').savedAt).toBeNull();
    }
    // Clearing a mark that was never set makes no row.
    expect((await call('PUT', '/api/training/pipeline/watched', u.cookie, { watched: false })).statusCode).toBe(200);
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toHaveLength(1);
  });

  it('counts the minutes of watched parts, and concurrent marks make one row', async () => {
    const u = await proUser(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => call('PUT', '/api/training/discovery/watched', u.cookie, { watched: true })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    await call('PUT', '/api/training/pipeline/watched', u.cookie, { watched: true });
    await call('PUT', '/api/training/pipeline/saved', u.cookie, { saved: true });
    const o = await overviewOf(u);
    expect(o.watchedMinutes).toBe(15 + 22);
    expect(part(o, 'pipeline')).toMatchObject({ savedAt: expect.any(String), watchedAt: expect.any(String) });
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toHaveLength(2);

    await call('PUT', '/api/training/discovery/watched', u.cookie, { watched: false });
    expect((await overviewOf(u)).watchedMinutes).toBe(22);
  });

  it("are each user's own: another user's marks are untouched and unseen", async () => {
    const me = await proUser(t);
    const other = await adminUser(t);
    await call('PUT', '/api/training/closing/saved', other.cookie, { saved: true });
    await call('PUT', '/api/training/closing/watched', other.cookie, { watched: true });

    await call('PUT', '/api/training/closing/saved', me.cookie, { saved: true });
    await call('PUT', '/api/training/closing/saved', me.cookie, { saved: false });
    await call('PUT', '/api/training/closing/watched', me.cookie, { watched: false });

    expect(part(await overviewOf(me), 'closing')).toMatchObject({ savedAt: null, watchedAt: null });
    const theirs = await overviewOf(other);
    expect(part(theirs, 'closing')).toMatchObject({ savedAt: expect.any(String), watchedAt: expect.any(String) });
    expect(theirs.watchedMinutes).toBe(18);
  });

  it('answers 404 for an unknown part', async () => {
    const u = await proUser(t);
    for (const url of ['/api/training/part-5/saved', '/api/training/DISCOVERY/watched', '/api/training/constructor/saved']) {
      const res = await call('PUT', url, u.cookie, url.endsWith('saved') ? { saved: true } : { watched: true });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toEqual([]);
  });

  it('refuses bodies that are not exactly { saved } / { watched } as a boolean', async () => {
    const u = await proUser(t);
    const bad: [string, unknown][] = [
      ['/api/training/discovery/saved', {}],
      ['/api/training/discovery/saved', { saved: 'true' }],
      ['/api/training/discovery/saved', { saved: true, watched: true }],
      ['/api/training/discovery/saved', { watched: true }],
      ['/api/training/discovery/watched', { watched: 1 }],
      ['/api/training/discovery/watched', { watched: true, userIdx: 3 }],
      ['/api/training/discovery/watched', [true]],
    ];
    for (const [url, payload] of bad) {
      const res = await t.app.inject({ method: 'PUT', url, headers: { cookie: u.cookie }, payload: payload as object });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
    }
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toEqual([]);
  });
});

describe('with the account', () => {
  it("exports the user's training rows and nobody else's, and deletes them with the account", async () => {
    const u = await proUser(t);
    const other = await proUser(t);
    await call('PUT', '/api/training/discovery/saved', u.cookie, { saved: true });
    t.clock.advance(HOUR);
    await call('PUT', '/api/training/closing/watched', u.cookie, { watched: true });
    await call('PUT', '/api/training/pipeline/watched', other.cookie, { watched: true });

    const data = (await call('GET', '/api/account/export', u.cookie)).json();
    expect(data.training).toEqual([
      { partId: 'discovery', savedAt: expect.any(String), watchedAt: null, createdAt: expect.any(String), updatedAt: expect.any(String) },
      { partId: 'closing', savedAt: null, watchedAt: t.clock.now().toISOString(), createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: u.cookie }, payload: { confirmation: 'DELETE', currentPassword: u.password } });
    expect(del.statusCode).toBe(200);
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toEqual([]);
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, other.user.id))).toHaveLength(1);
  });
});

describe('TRAINING_VIDEO_IDS', () => {
  it('takes up to four ids, empty entries allowed, and refuses anything else at start-up', () => {
    expect(readEnv({}).TRAINING_VIDEO_IDS).toEqual([null, null, null, null]);
    expect(readEnv({ TRAINING_VIDEO_IDS: ' dQw4w9WgXcQ , ,,M7lc1UVf-VE' }).TRAINING_VIDEO_IDS).toEqual(['dQw4w9WgXcQ', null, null, 'M7lc1UVf-VE']);
    expect(() => readEnv({ TRAINING_VIDEO_IDS: '<script>' })).toThrow(/TRAINING_VIDEO_IDS/);
    expect(() => readEnv({ TRAINING_VIDEO_IDS: 'a,b,c,d,e' })).toThrow(/TRAINING_VIDEO_IDS/);
    expect(() => readEnv({ TRAINING_VIDEO_IDS: 'dQw4w9WgXcQ,,,,' })).toThrow(/at most four/);
  });
});
