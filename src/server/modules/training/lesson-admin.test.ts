import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLesson, AdminLessonList, LessonVersion, LessonVersionList } from '#shared/schemas/lesson-admin.js';
import type { TrainingLesson } from '#shared/schemas/training.js';
import { adminAuditLog, lessonVersions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeAdmin, makeUser, type SignedInUser } from '../../test/factories.js';
import { freeUser, proUser } from '../../test/plan-users.js';
import { defaultLessonsDir } from './lessons.js';

let t: TestApp;
let admin: SignedInUser;
let pro: SignedInUser;
let dataDir: string;
const shippedClosing = fs.readFileSync(path.join(defaultLessonsDir(), 'closing.md'), 'utf8');
const videoDir = () => path.join(dataDir, 'lesson-videos');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lesson-videos-'));
  // A 1 MB limit, so the oversize test sends little.
  t = await buildTestApp({ DATA_DIR: dataDir, LESSON_VIDEO_MAX_MB: '1' });
  admin = await makeAdmin(t.app, t.db);
  pro = await proUser(t);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const as = (u: SignedInUser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: u.cookie }, ...(payload ? { payload } : {}) });
const save = (source: string, videoId: string | null = null, who = admin) => as(who, 'PUT', '/api/admin/lessons/closing', { source, videoId });
const lessonFor = async (u: SignedInUser) => (await as(u, 'GET', '/api/training/closing')).json<TrainingLesson>();
const upload = (body: Buffer, contentType = 'application/octet-stream', who = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/lessons/closing/video', headers: { cookie: who.cookie, 'content-type': contentType }, payload: body });

/** The first bytes of an MP4 (an ftyp box), then filler. */
const mp4 = (size: number) => {
  const b = Buffer.alloc(size, 7);
  Buffer.from([0, 0, 0, 0x18]).copy(b, 0);
  Buffer.from('ftypisom', 'latin1').copy(b, 4);
  for (let i = 64; i < size; i++) b[i] = i % 251;
  return b;
};

describe('lesson versions (issue #27)', () => {
  it('lists the four lessons with the shipped file live and no saved version', async () => {
    const res = await as(admin, 'GET', '/api/admin/lessons');
    expect(res.statusCode).toBe(200);
    const { lessons, maxVideoBytes } = res.json<AdminLessonList>();
    expect(lessons.map((l) => l.id)).toEqual(['pipeline', 'discovery', 'objections', 'closing']);
    expect(lessons.find((l) => l.id === 'closing')).toMatchObject({ version: null, source: shippedClosing.replace(/\r\n?/g, '\n'), videoSource: 'none' });
    expect(maxVideoBytes).toBe(1024 * 1024);
  });

  it('refuses a non-admin (403) and changes nothing', async () => {
    const res = await save(shippedClosing.replace('## What to do', '## What to do\n\nHacked.'), null, pro);
    expect(res.statusCode).toBe(403);
    expect(await t.db.$count(lessonVersions)).toBe(0);
  });

  it("refuses a malformed edit with the parser's message on the source, and changes nothing", async () => {
    const res = await save(shippedClosing.replace('## Check', '## Quiz'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.source[0]).toContain('no "## Check" section');
    const other = await save(shippedClosing.replace('id: closing', 'id: discovery'));
    expect(other.statusCode).toBe(400);
    expect(await t.db.$count(lessonVersions)).toBe(0);
    expect((await lessonFor(pro)).sections[0]?.markdown).not.toContain('Hacked');
  });

  it('serves a saved version to a Pro user at once, with its video id, and audits the save', async () => {
    const edited = shippedClosing.replace(/## What to do\n/, '## What to do\n\nAsk for the decision before the buyer asks for a discount.\n');
    const res = await save(edited, 'dQw4w9WgXcQ');
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminLesson>()).toMatchObject({ version: { note: 'Edited', createdBy: { id: admin.user.id } }, videoId: 'dQw4w9WgXcQ', videoSource: 'version' });
    const lesson = await lessonFor(pro);
    expect(lesson.sections[0]?.markdown).toContain('Ask for the decision before the buyer asks for a discount.');
    expect(lesson.part).toMatchObject({ videoId: 'dQw4w9WgXcQ', videoUrl: null });
    const entries = await t.db.select().from(adminAuditLog);
    expect(entries.find((e) => e.action === 'lesson.save')).toMatchObject({ actorId: admin.user.id, targetType: 'lesson', targetId: 'closing' });
  });

  it('shows the history with a diff against the version before (the shipped file for the first), and restores an old version as a new one', async () => {
    const second = shippedClosing.replace(/## What to do\n/, '## What to do\n\nSecond edit.\n');
    expect((await save(second)).statusCode).toBe(200);
    const { versions } = (await as(admin, 'GET', '/api/admin/lessons/closing/versions')).json<LessonVersionList>();
    expect(versions).toHaveLength(2);
    const [newest, first] = versions;
    if (!newest || !first) throw new Error('two versions expected');
    const firstVersion = (await as(admin, 'GET', `/api/admin/lessons/closing/versions/${first.id}`)).json<LessonVersion>();
    expect(firstVersion.previousSource).toBe(shippedClosing.replace(/\r\n?/g, '\n'));
    expect(firstVersion.source).toContain('before the buyer asks for a discount');
    // Another lesson's path does not reach this version.
    expect((await as(admin, 'GET', `/api/admin/lessons/discovery/versions/${first.id}`)).statusCode).toBe(404);

    const restored = await as(admin, 'POST', `/api/admin/lessons/closing/versions/${first.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<AdminLesson>()).toMatchObject({ version: { note: `Restored version #${first.id}` }, videoId: 'dQw4w9WgXcQ' });
    expect((await lessonFor(pro)).sections[0]?.markdown).toContain('before the buyer asks for a discount');
    const entries = await t.db.select().from(adminAuditLog);
    expect(entries.find((e) => e.action === 'lesson.restore')).toMatchObject({ targetId: 'closing' });
  });
});

describe('lesson video upload (issue #27)', () => {
  const video = mp4(4096);

  it('refuses a text file named .mp4 (by its bytes) and keeps nothing', async () => {
    const res = await upload(Buffer.from('this is not a video, just text pretending to be one.\n'.repeat(4)), 'video/mp4');
    expect(res.statusCode).toBe(415);
    expect(res.json().errors.file[0]).toMatch(/not an MP4 or WebM/);
    expect(fs.existsSync(videoDir()) ? fs.readdirSync(videoDir()) : []).toEqual([]);
  });

  it('refuses a file over the limit, by its declared size or as it streams, without keeping it', async () => {
    const res = await upload(mp4(1024 * 1024 + 10));
    expect(res.statusCode).toBe(413);
    // The rest of a refused upload is not read: the connection closes after the refusal.
    expect(res.headers.connection).toBe('close');
    // Without a declared length (chunked), the stream is cut off at the limit and the partial file removed.
    const { Readable } = await import('node:stream');
    const big = mp4(1024 * 1024 + 10);
    const chunked = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/lessons/closing/video',
      headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      payload: Readable.from([big.subarray(0, 600_000), big.subarray(600_000)]),
    });
    expect(chunked.statusCode).toBe(413);
    expect(fs.existsSync(videoDir()) ? fs.readdirSync(videoDir()) : []).toEqual([]);
  });

  it('stores an MP4 under DATA_DIR with a random name and serves it to Pro users with range requests', async () => {
    const res = await upload(video);
    expect(res.statusCode).toBe(200);
    const lesson = res.json<AdminLesson>();
    expect(lesson).toMatchObject({ videoSource: 'upload', videoFile: { contentType: 'video/mp4', size: video.length } });
    const files = fs.readdirSync(videoDir());
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{32}\.mp4$/);

    const url = (await lessonFor(pro)).part.videoUrl;
    expect(url).toBe(lesson.videoFile?.url);
    if (!url) throw new Error('no video url');
    const whole = await t.app.inject({ url, headers: { cookie: pro.cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(video)).toBe(true);

    const part = await t.app.inject({ url, headers: { cookie: pro.cookie, range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ url, headers: { cookie: pro.cookie, range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);

    const bad = await t.app.inject({ url, headers: { cookie: pro.cookie, range: `bytes=${video.length}-` } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${video.length}`);

    const free = await freeUser(t);
    expect((await t.app.inject({ url, headers: { cookie: free.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    // A signed-in user who is no admin cannot upload.
    const other = await makeUser(t.app);
    expect((await upload(video, 'application/octet-stream', other)).statusCode).toBe(403);
  });

  it('replacing the video deletes the old file; removing it deletes the file and the id plays again', async () => {
    const [oldFile] = fs.readdirSync(videoDir());
    const res = await upload(mp4(2048));
    expect(res.statusCode).toBe(200);
    const files = fs.readdirSync(videoDir());
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(oldFile);

    const removed = await as(admin, 'DELETE', '/api/admin/lessons/closing/video');
    expect(removed.statusCode).toBe(200);
    expect(removed.json<AdminLesson>()).toMatchObject({ videoFile: null, videoSource: 'version' });
    expect(fs.readdirSync(videoDir())).toEqual([]);
    expect((await lessonFor(pro)).part).toMatchObject({ videoUrl: null, videoId: 'dQw4w9WgXcQ' });
    const entries = await t.db.select().from(adminAuditLog);
    expect(entries.filter((e) => e.action === 'lesson.video.upload')).toHaveLength(2);
  });
});
