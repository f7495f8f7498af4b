import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LESSON_MOTIONS, type TrainingCheckResult, type TrainingLesson, type TrainingOverview } from '#shared/schemas/training.js';
import { trainingProgress, users } from '../../db/schema/index.js';
import { readEnv } from '../../env.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { defaultLessonsDir, loadLessons } from './lessons.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { freeUser, basicUser, proUser, adminUser } from '../../test/plan-users.js';

let t: TestApp;
beforeAll(async () => {
  // Part 2 configured empty and part 4 left out: both must come back without a video.
  t = await buildTestApp({ TRAINING_VIDEO_IDS: 'dQw4w9WgXcQ,,M7lc1UVf-VE' });
});
afterAll(async () => t.close());

const HOUR = 60 * 60 * 1000;

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** Every training route, with a valid body: gating must hold on each. */
const ROUTES: { method: Method; url: string; body?: object }[] = [
  { method: 'GET', url: '/api/training' },
  { method: 'PUT', url: '/api/training/discovery/saved', body: { saved: true } },
  { method: 'GET', url: '/api/training/objections' },
  { method: 'POST', url: '/api/training/closing/check', body: { answers: ['B', 'C', 'C'] } },
  { method: 'POST', url: '/api/training/pipeline/drill', body: { motion: 'door' } },
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
  it('lists the four lessons with their reading time, the configured videos and nothing completed', async () => {
    const o = await overviewOf(await proUser(t));
    // Openers and prospecting lead the course (issue #27), keeping the id its stored marks use.
    expect(o.parts.map((p) => p.id)).toEqual(['pipeline', 'discovery', 'objections', 'closing']);
    expect(o.parts.map((p) => p.title)).toEqual([
      'Part 1: Openers and Prospecting That Earn the First Minute',
      'Part 2: Discovery That Finds the Real Problem',
      'Part 3: Handling Objections Without Arguing',
      'Part 4: Closing With Clear Next Steps',
    ]);
    // The lessons' reading minutes, not the old videos' 15 to 22.
    expect(o.parts.map((p) => p.minutesToRead)).toEqual([7, 7, 8, 7]);
    // Each description names what its lesson teaches.
    expect(o.parts.map((p) => p.description)).toEqual([
      expect.stringMatching(/open in under 15 seconds.*qualify out early/i),
      expect.stringMatching(/SPIN.*what it costs/),
      expect.stringMatching(/acknowledge it, ask one question.*confirm/),
      expect.stringMatching(/trial closes.*dated next step/),
    ]);
    expect(o.completedCount).toBe(0);
    expect(o.parts.map((p) => p.videoId)).toEqual(['dQw4w9WgXcQ', null, 'M7lc1UVf-VE', null]);
    for (const p of o.parts) {
      expect(p.title).toMatch(/^Part \d: /);
      expect(p.description).not.toBe('');
      expect(p).toMatchObject({ savedAt: null, completedAt: null });
    }
  });
});

describe('GET /api/training/:partId', () => {
  it('serves the written lesson: sections, 3 to 5 lines per motion, three questions without answers, a drill per motion', async () => {
    const u = await proUser(t);
    const res = await call('GET', '/api/training/closing', u.cookie);
    expect(res.statusCode).toBe(200);
    const lesson = res.json<TrainingLesson>();
    expect(lesson.part).toMatchObject({ id: 'closing', title: 'Part 4: Closing With Clear Next Steps', videoId: null, completedAt: null });
    expect(lesson.sections.map((s) => s.heading)).toEqual(['What to do', 'Why it works']);
    expect(lesson.sections[0]?.markdown).toMatch(/^Closing is the E of SQUARE/);
    for (const motion of LESSON_MOTIONS) {
      expect(lesson.lines[motion].length).toBeGreaterThanOrEqual(3);
      expect(lesson.lines[motion].length).toBeLessThanOrEqual(5);
      expect(lesson.drill.scenes[motion].openingLine).not.toBe('');
    }
    expect(lesson.drill.scenes.door.openingLine).toBe("It sounds good. Let me think about it and I'll call you.");
    expect(lesson.questions).toHaveLength(3);
    expect(lesson.questions[0]?.choices.map((c) => c.key)).toEqual(['A', 'B', 'C', 'D']);
    // The answer key stays on the server until the rep answers.
    expect(res.body).not.toMatch(/correct|Why:|\*Why/i);
    expect(res.body).not.toContain('B is right because');
    // No profile: no motion chosen for the rep, the page offers the switcher.
    expect(lesson.yourMotion).toBeNull();
  });

  it("puts the rep's own motion first when their profile names one", async () => {
    const u = await proUser(t);
    await t.db.update(users).set({ industry: 'Solar', product: 'Solar panels, door to door' }).where(eq(users.id, u.user.id));
    expect((await call('GET', '/api/training/discovery', u.cookie)).json<TrainingLesson>().yourMotion).toBe('door');
    await t.db.update(users).set({ industry: 'Insurance', product: 'home insurance, cold calling' }).where(eq(users.id, u.user.id));
    expect((await call('GET', '/api/training/discovery', u.cookie)).json<TrainingLesson>().yourMotion).toBe('phone');
  });

  it('answers 404 for an unknown part', async () => {
    const u = await proUser(t);
    for (const id of ['part-5', 'DISCOVERY', 'constructor']) expect((await call('GET', `/api/training/${id}`, u.cookie)).statusCode, id).toBe(404);
  });
});

describe('POST /api/training/:partId/check', () => {
  const CLOSING_RIGHT = ['B', 'C', 'C'] as const;

  it('scores wrong answers with the explanations and completes nothing', async () => {
    const u = await proUser(t);
    const res = await call('POST', '/api/training/closing/check', u.cookie, { answers: ['C', 'C', 'A'] });
    expect(res.statusCode).toBe(200);
    const result = res.json<TrainingCheckResult>();
    expect(result.passed).toBe(false);
    expect(result.results.map((r) => r.correct)).toEqual([false, true, false]);
    expect(result.results.map((r) => r.correctChoice)).toEqual(['B', 'C', 'C']);
    expect(result.results[0]?.explanation).toMatch(/^B is right because/);
    expect(result.part.completedAt).toBeNull();
    // Two of three is not a pass either.
    expect((await call('POST', '/api/training/closing/check', u.cookie, { answers: ['B', 'C', 'A'] })).json<TrainingCheckResult>().passed).toBe(false);
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toEqual([]);
    expect((await overviewOf(u)).completedCount).toBe(0);
  });

  it('completes the part on 3 of 3, keeps the first time on a second pass, and counts it in the overview', async () => {
    const u = await proUser(t);
    const first = (await call('POST', '/api/training/closing/check', u.cookie, { answers: CLOSING_RIGHT })).json<TrainingCheckResult>();
    expect(first.passed).toBe(true);
    expect(first.part.completedAt).toBe(t.clock.now().toISOString());
    const completedAt = first.part.completedAt;
    t.clock.advance(HOUR);
    const again = (await call('POST', '/api/training/closing/check', u.cookie, { answers: CLOSING_RIGHT })).json<TrainingCheckResult>();
    expect(again.part.completedAt).toBe(completedAt);
    // A later failed attempt does not take the completion back.
    await call('POST', '/api/training/closing/check', u.cookie, { answers: ['A', 'A', 'A'] });
    const o = await overviewOf(u);
    expect(o.completedCount).toBe(1);
    expect(part(o, 'closing').completedAt).toBe(completedAt);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const u = await proUser(t);
    const bad: unknown[] = [{}, { answers: [] }, { answers: ['B', 'C'] }, { answers: ['B', 'C', 'C', 'A'] }, { answers: ['b', 'c', 'c'] }, { answers: ['B', 'C', 'E'] }, { answers: ['B', 'C', 'C'], completed: true }, ['B', 'C', 'C']];
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/training/closing/check', headers: { cookie: u.cookie }, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('POST', '/api/training/part-5/check', u.cookie, { answers: CLOSING_RIGHT })).statusCode).toBe(404);
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toEqual([]);
  });

  it("leaves another user's marks untouched", async () => {
    const me = await proUser(t);
    const other = await adminUser(t);
    await call('PUT', '/api/training/closing/saved', other.cookie, { saved: true });
    await call('POST', '/api/training/closing/check', me.cookie, { answers: CLOSING_RIGHT });
    expect(part(await overviewOf(other), 'closing')).toMatchObject({ savedAt: expect.any(String), completedAt: null });
    expect(part(await overviewOf(me), 'closing')).toMatchObject({ savedAt: null, completedAt: expect.any(String) });
  });
});

describe('saved marks', () => {
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
    expect((await call('PUT', '/api/training/pipeline/saved', u.cookie, { saved: false })).statusCode).toBe(200);
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toHaveLength(1);
  });

  it('concurrent marks make one row', async () => {
    const u = await proUser(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => call('PUT', '/api/training/discovery/saved', u.cookie, { saved: true })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toHaveLength(1);
  });

  it('answers 404 for an unknown part', async () => {
    const u = await proUser(t);
    for (const url of ['/api/training/part-5/saved', '/api/training/DISCOVERY/saved', '/api/training/constructor/saved']) {
      expect((await call('PUT', url, u.cookie, { saved: true })).statusCode, url).toBe(404);
    }
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toEqual([]);
  });

  it('refuses bodies that are not exactly { saved } as a boolean, and the old watched mark is gone', async () => {
    const u = await proUser(t);
    for (const payload of [{}, { saved: 'true' }, { saved: true, watched: true }, { watched: true }, [true]]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/training/discovery/saved', headers: { cookie: u.cookie }, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('PUT', '/api/training/discovery/watched', u.cookie, { watched: true })).statusCode).toBe(404);
    expect(await t.db.select().from(trainingProgress).where(eq(trainingProgress.userId, u.user.id))).toEqual([]);
  });
});

describe('with the account', () => {
  it("exports the user's training rows and nobody else's, and deletes them with the account", async () => {
    const u = await proUser(t);
    const other = await proUser(t);
    await call('PUT', '/api/training/discovery/saved', u.cookie, { saved: true });
    t.clock.advance(HOUR);
    await call('POST', '/api/training/closing/check', u.cookie, { answers: ['B', 'C', 'C'] });
    await call('PUT', '/api/training/pipeline/saved', other.cookie, { saved: true });

    const data = (await call('GET', '/api/account/export', u.cookie)).json();
    expect(data.training).toEqual([
      { partId: 'discovery', savedAt: expect.any(String), watchedAt: null, completedAt: null, createdAt: expect.any(String), updatedAt: expect.any(String) },
      { partId: 'closing', savedAt: null, watchedAt: null, completedAt: t.clock.now().toISOString(), createdAt: expect.any(String), updatedAt: expect.any(String) },
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

describe('the lesson files', () => {
  const malformedCopy = (edit: (text: string) => string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-'));
    for (const file of fs.readdirSync(defaultLessonsDir())) fs.copyFileSync(path.join(defaultLessonsDir(), file), path.join(dir, file));
    const target = path.join(dir, 'objections.md');
    fs.writeFileSync(target, edit(fs.readFileSync(target, 'utf8')));
    return dir;
  };

  it('all four load and validate', () => {
    expect([...loadLessons(defaultLessonsDir()).keys()]).toEqual(['pipeline', 'discovery', 'objections', 'closing']);
  });

  it.each([
    ['a question with no correct choice', (s: string) => s.replace(' **(correct)**', ''), /objections\.md is malformed: .*marks 0 choices/],
    ['a missing section', (s: string) => s.replace('## Why it works', '## Why'), /objections\.md is malformed: no "## Why it works" section/],
    ['a motion with two lines', (s: string) => s.replace(/### Phone\n\n(- .*\n)(- .*\n)(- .*\n)(- .*\n)/, '### Phone\n\n$1$2'), /objections\.md is malformed: [\s\S]*lines\.phone/],
    ['no front matter', (s: string) => s.replace(/^---\n[\s\S]*?\n---\n/, ''), /objections\.md is malformed: no front matter/],
  ])('a file with %s stops start-up, naming the file', async (_label, edit, message) => {
    const dir = malformedCopy(edit);
    expect(() => loadLessons(dir)).toThrow(message);
    await expect(buildTestApp({}, { lessonsDir: dir })).rejects.toThrow(message);
  });
});
