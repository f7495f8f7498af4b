import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AdminLesson, LessonVersion, LessonVersionSummary, LessonVideoFile } from '#shared/schemas/lesson-admin.js';
import { LESSON_VIDEO_TYPES } from '#shared/schemas/lesson-admin.js';
import { TRAINING_PART_IDS, type TrainingPartId } from '#shared/schemas/training.js';
import type { Db, Executor } from '../../db/client.js';
import { lessonVersions, lessonVideos, users, type LessonVersionRow, type LessonVideoRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { parseLesson, type StoredLesson } from './lessons.js';
import { TRAINING_PARTS } from './parts.js';

/**
 * Admins' lesson edits and uploaded videos (issue #27). A part's live lesson is its newest saved
 * version, else the shipped file; its video is the uploaded file, else the version's id, else
 * TRAINING_VIDEO_IDS, else none (the lesson stands on its own).
 */

/** The shipped lessons as loaded at start-up: their parsed form and their Markdown source. */
export interface ShippedLessons {
  lessons: ReadonlyMap<TrainingPartId, StoredLesson>;
  sources: ReadonlyMap<TrainingPartId, string>;
}

export type LessonVideoType = (typeof LESSON_VIDEO_TYPES)[number];

/** Where uploaded lesson videos live: a folder of their own under DATA_DIR. */
export const lessonVideoDir = (dataDir: string) => path.resolve(dataDir, 'lesson-videos');

/** The URL a Pro user's browser plays a part's uploaded video from; the file name changes with each upload, so no cache keeps the old one. */
export const lessonVideoUrl = (row: Pick<LessonVideoRow, 'partId' | 'fileName'>) => `/api/training/${row.partId}/video?v=${encodeURIComponent(row.fileName.split('.')[0] ?? '')}`;

// Parsed sources, by their text: a save is parsed once, not on every lesson read. Bounded, and
// keyed by the text itself, so two test databases with the same version ids cannot share an entry.
const parsedCache = new Map<string, StoredLesson>();
function parseCached(source: string): StoredLesson {
  const hit = parsedCache.get(source);
  if (hit) return hit;
  const parsed = parseLesson(source);
  if (parsedCache.size >= 64) parsedCache.clear();
  parsedCache.set(source, parsed);
  return parsed;
}

/** Each part's newest version (at most one per part). */
async function newestVersions(db: Executor): Promise<Map<TrainingPartId, LessonVersionRow>> {
  const rows = await db.selectDistinctOn([lessonVersions.partId]).from(lessonVersions).orderBy(lessonVersions.partId, desc(lessonVersions.id));
  return new Map(rows.filter((r) => isPartId(r.partId)).map((r) => [r.partId as TrainingPartId, r]));
}

const isPartId = (id: string): id is TrainingPartId => (TRAINING_PART_IDS as readonly string[]).includes(id);

export interface LiveLessons {
  lessons: ReadonlyMap<TrainingPartId, StoredLesson>;
  /** Per part, in TRAINING_PARTS's order (as service.ts and TRAINING_VIDEO_IDS index them): the YouTube id that plays, and the uploaded video's URL (which plays instead). */
  videoIds: readonly (string | null)[];
  videoUrls: readonly (string | null)[];
}

/** The lessons as users read them now: saved versions over the shipped files, and each part's video by precedence. */
export async function liveLessons(db: Executor, shipped: ShippedLessons, envVideoIds: readonly (string | null)[]): Promise<LiveLessons> {
  const [versions, videos] = await Promise.all([newestVersions(db), db.select().from(lessonVideos)]);
  const videoByPart = new Map(videos.map((v) => [v.partId, v]));
  const lessons = new Map(shipped.lessons);
  // A saved version was parsed before it was stored, so it parses now; were the parser to change
  // and refuse it, the shipped file stands in rather than the page breaking.
  for (const [partId, row] of versions) {
    try {
      lessons.set(partId, parseCached(row.source));
    } catch {
      /* the shipped file stays */
    }
  }
  return {
    lessons,
    videoIds: TRAINING_PARTS.map(({ id }, i) => versions.get(id)?.videoId ?? envVideoIds[i] ?? null),
    videoUrls: TRAINING_PARTS.map(({ id }) => {
      const video = videoByPart.get(id);
      return video ? lessonVideoUrl(video) : null;
    }),
  };
}

/** Parses an admin's edit like a shipped file; refused (400, the parser's message on `source`) when malformed or for another part. */
function checkedSource(partId: TrainingPartId, source: string): string {
  const normalized = source.replace(/\r\n?/g, '\n');
  let parsed: StoredLesson;
  try {
    parsed = parseLesson(normalized);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new HttpError(400, `This lesson cannot be saved: ${message}`, { errors: { source: [message] } });
  }
  if (parsed.id !== partId) {
    const message = `The front matter's id is "${parsed.id}"; this lesson's is "${partId}".`;
    throw new HttpError(400, `This lesson cannot be saved: ${message}`, { errors: { source: [message] } });
  }
  return normalized;
}

/** Saves a new version of a part's lesson (checked first: a malformed edit changes nothing). */
export async function saveLessonVersion(db: Db, partId: TrainingPartId, input: { source: string; videoId: string | null }, note: string, createdBy: number): Promise<LessonVersionRow> {
  const source = checkedSource(partId, input.source);
  const [row] = await db.insert(lessonVersions).values({ partId, source, videoId: input.videoId, note, createdBy }).returning();
  if (!row) throw new Error('lesson version insert returned nothing');
  return row;
}

/** Restore: an old version's text and video id become a new version (the history keeps everything between). */
export async function restoreLessonVersion(db: Db, partId: TrainingPartId, id: number, createdBy: number): Promise<LessonVersionRow> {
  const [old] = await db.select().from(lessonVersions).where(and(eq(lessonVersions.id, id), eq(lessonVersions.partId, partId)));
  if (!old) throw new HttpError(404, 'There is no such version of this lesson.');
  return saveLessonVersion(db, partId, { source: old.source, videoId: old.videoId }, `Restored version #${id}`, createdBy);
}

const summaryColumns = {
  id: lessonVersions.id,
  createdAt: lessonVersions.createdAt,
  note: lessonVersions.note,
  videoId: lessonVersions.videoId,
  createdById: lessonVersions.createdBy,
  username: users.username,
};
type SummaryRow = { id: number; createdAt: Date; note: string; videoId: string | null; createdById: number | null; username: string | null };
const toSummary = (r: SummaryRow): LessonVersionSummary => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  note: r.note,
  videoId: r.videoId,
  createdBy: r.createdById !== null && r.username !== null ? { id: r.createdById, username: r.username } : null,
});

/** A part's versions, newest first, without their text. */
export async function listLessonVersions(db: Db, partId: TrainingPartId, limit = 100): Promise<LessonVersionSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(lessonVersions)
    .leftJoin(users, eq(users.id, lessonVersions.createdBy))
    .where(eq(lessonVersions.partId, partId))
    .orderBy(desc(lessonVersions.id))
    .limit(limit);
  return rows.map(toSummary);
}

/** One version with its text and the text before it: the part's previous version, or the shipped file for the first. */
export async function lessonVersion(db: Db, shipped: ShippedLessons, partId: TrainingPartId, id: number): Promise<LessonVersion> {
  const [row] = await db
    .select({ ...summaryColumns, source: lessonVersions.source })
    .from(lessonVersions)
    .leftJoin(users, eq(users.id, lessonVersions.createdBy))
    .where(and(eq(lessonVersions.id, id), eq(lessonVersions.partId, partId)));
  if (!row) throw new HttpError(404, 'There is no such version of this lesson.');
  const [previous] = await db
    .select({ source: lessonVersions.source })
    .from(lessonVersions)
    .where(and(eq(lessonVersions.partId, partId), lt(lessonVersions.id, id)))
    .orderBy(desc(lessonVersions.id))
    .limit(1);
  return { ...toSummary(row), source: row.source, previousSource: previous?.source ?? shipped.sources.get(partId) ?? '' };
}

async function videoFileOf(db: Executor, partId: TrainingPartId): Promise<(LessonVideoFile & { fileName: string }) | null> {
  const [row] = await db
    .select({ video: lessonVideos, username: users.username })
    .from(lessonVideos)
    .leftJoin(users, eq(users.id, lessonVideos.uploadedBy))
    .where(eq(lessonVideos.partId, partId));
  if (!row) return null;
  const { video, username } = row;
  const contentType = LESSON_VIDEO_TYPES.find((t) => t === video.contentType) ?? 'video/mp4';
  return {
    fileName: video.fileName,
    contentType,
    size: video.size,
    uploadedAt: video.uploadedAt.toISOString(),
    uploadedBy: video.uploadedBy !== null && username !== null ? { id: video.uploadedBy, username } : null,
    url: lessonVideoUrl(video),
  };
}

/** The four lessons as the admin panel shows them: live source, live version, and which video plays. */
export async function adminLessons(db: Db, shipped: ShippedLessons, envVideoIds: readonly (string | null)[]): Promise<AdminLesson[]> {
  const live = await liveLessons(db, shipped, envVideoIds);
  const out: AdminLesson[] = [];
  for (const [index, { id: partId }] of TRAINING_PARTS.entries()) {
    const [latest] = await db
      .select({ ...summaryColumns, source: lessonVersions.source })
      .from(lessonVersions)
      .leftJoin(users, eq(users.id, lessonVersions.createdBy))
      .where(eq(lessonVersions.partId, partId))
      .orderBy(desc(lessonVersions.id))
      .limit(1);
    const file = await videoFileOf(db, partId);
    const envVideoId = envVideoIds[index] ?? null;
    const videoId = latest?.videoId ?? null;
    out.push({
      id: partId,
      title: live.lessons.get(partId)?.title ?? partId,
      version: latest ? toSummary(latest) : null,
      source: latest?.source ?? shipped.sources.get(partId) ?? '',
      videoId,
      envVideoId,
      videoFile: file ? { contentType: file.contentType, size: file.size, uploadedAt: file.uploadedAt, uploadedBy: file.uploadedBy, url: file.url } : null,
      videoSource: file ? 'upload' : videoId ? 'version' : envVideoId ? 'env' : 'none',
    });
  }
  return out;
}

/** What a video file's first bytes say it is: MP4 (an `ftyp` box first) or WebM (an EBML header naming the webm doc type). */
export function sniffVideo(head: Buffer): LessonVideoType | null {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && head.subarray(0, 64).includes('webm', 0, 'latin1')) return 'video/webm';
  return null;
}

export const VIDEO_TYPE_MESSAGE = 'This file is not an MP4 or WebM video.';
export const videoSizeMessage = (maxBytes: number) => `The video is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB, the largest a lesson takes.`;
const HEAD_BYTES = 64;

/**
 * Streams an upload to `dest` (never held in memory): checks the type on the first bytes and
 * stops as soon as the size passes the limit; on any failure the partial file is removed.
 */
export async function receiveVideo(body: Readable, dest: string, maxBytes: number): Promise<{ size: number; contentType: LessonVideoType }> {
  let size = 0;
  let head: Buffer = Buffer.alloc(0);
  let type: LessonVideoType | null = null;
  const decide = (): HttpError | null => {
    type = sniffVideo(head);
    return type ? null : new HttpError(415, VIDEO_TYPE_MESSAGE, { errors: { file: [VIDEO_TYPE_MESSAGE] } });
  };
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      size += chunk.length;
      if (size > maxBytes) return done(new HttpError(413, videoSizeMessage(maxBytes), { errors: { file: [videoSizeMessage(maxBytes)] } }));
      if (type) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < HEAD_BYTES) return done();
      const refused = decide();
      return refused ? done(refused) : done(null, head);
    },
    flush(done: TransformCallback) {
      if (type) return done();
      if (head.length === 0) return done(new HttpError(400, 'This file is empty.', { errors: { file: ['This file is empty.'] } }));
      const refused = decide();
      return refused ? done(refused) : done(null, head);
    },
  });
  // The request is piped rather than made part of the pipeline: a refusal must not destroy it
  // (and its socket) before the 413 or 415 is sent; the caller closes the connection after that.
  const aborted = () => {
    if (!body.readableEnded) check.destroy(new Error('the upload was interrupted'));
  };
  body.once('error', aborted).once('close', aborted);
  body.pipe(check);
  try {
    await pipeline(check, fs.createWriteStream(dest, { flags: 'wx', mode: 0o640 }));
  } catch (err) {
    body.unpipe(check);
    await fs.promises.rm(dest, { force: true });
    throw err;
  } finally {
    body.off('error', aborted).off('close', aborted);
  }
  if (!type) throw new Error('video type undecided after the upload ended');
  return { size, contentType: type };
}

/** A new file name for an upload: random, never from the client. */
export const newVideoFileName = (type: LessonVideoType) => `${randomBytes(16).toString('hex')}.${type === 'video/webm' ? 'webm' : 'mp4'}`;

/**
 * Makes an uploaded file a part's video. One row per part: the file it replaces is referred to by
 * nothing afterwards, so it is deleted once the new row is committed.
 */
export async function setLessonVideo(db: Db, dir: string, row: Omit<LessonVideoRow, 'uploadedBy'> & { uploadedBy: number }): Promise<void> {
  const old = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lesson_videos'))`);
    const [previous] = await tx.select().from(lessonVideos).where(eq(lessonVideos.partId, row.partId));
    await tx
      .insert(lessonVideos)
      .values(row)
      .onConflictDoUpdate({ target: lessonVideos.partId, set: { fileName: row.fileName, contentType: row.contentType, size: row.size, uploadedBy: row.uploadedBy, uploadedAt: row.uploadedAt } });
    return previous;
  });
  if (old && old.fileName !== row.fileName) await fs.promises.rm(path.join(dir, old.fileName), { force: true });
}

/** Removes a part's uploaded video (the row, then its file); the version's id or TRAINING_VIDEO_IDS plays again. */
export async function removeLessonVideo(db: Db, dir: string, partId: TrainingPartId): Promise<boolean> {
  const [old] = await db.delete(lessonVideos).where(eq(lessonVideos.partId, partId)).returning();
  if (old) await fs.promises.rm(path.join(dir, old.fileName), { force: true });
  return Boolean(old);
}

/** A part's uploaded video for playback: its file's path, type and size; 404 when there is none (or its file is gone). */
export async function lessonVideoFile(db: Db, dir: string, partId: TrainingPartId): Promise<{ file: string; contentType: string; size: number }> {
  const [row] = await db.select().from(lessonVideos).where(eq(lessonVideos.partId, partId));
  if (!row) throw new HttpError(404, 'This lesson has no uploaded video.');
  // The name is ours (newVideoFileName), but checked anyway: the path stays inside the folder.
  const file = path.join(dir, path.basename(row.fileName));
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new HttpError(404, 'This lesson has no uploaded video.');
  return { file, contentType: row.contentType, size: stat.size };
}

/**
 * The one byte range a Range header asks for (`bytes=a-b`, `bytes=a-`, `bytes=-n`): null without
 * one (or with several, which the whole file answers), 'unsatisfiable' for a range outside the
 * file or one that does not parse (416).
 */
export function requestedRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return header.trim().startsWith('bytes=') && header.includes(',') ? null : 'unsatisfiable';
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return 'unsatisfiable';
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The shipped lessons (parsed and validated by loadLessons, which stops the server on a malformed file) with their sources, for the editor and the first diff. */
export function loadShippedLessons(dir: string, load: (dir: string) => ReadonlyMap<TrainingPartId, StoredLesson>): ShippedLessons {
  const lessons = load(dir);
  return { lessons, sources: new Map(TRAINING_PART_IDS.map((id) => [id, fs.readFileSync(path.join(dir, `${id}.md`), 'utf8').replace(/\r\n?/g, '\n')])) };
}
