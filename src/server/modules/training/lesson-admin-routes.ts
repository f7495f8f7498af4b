import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLessonListSchema,
  adminLessonSchema,
  lessonPartParamSchema,
  lessonSaveSchema,
  lessonVersionListSchema,
  lessonVersionParamSchema,
  lessonVersionSchema,
} from '#shared/schemas/lesson-admin.js';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import { trainingPartParamsSchema, type TrainingPartId } from '#shared/schemas/training.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUser } from '../../plugins/session.js';
import { noteAudit } from '../admin/service.js';
import { defaultLessonsDir, loadLessons } from './lessons.js';
import {
  adminLessons,
  lessonVersion,
  lessonVideoDir,
  lessonVideoFile,
  listLessonVersions,
  loadShippedLessons,
  newVideoFileName,
  receiveVideo,
  removeLessonVideo,
  requestedRange,
  restoreLessonVersion,
  saveLessonVersion,
  setLessonVideo,
  videoSizeMessage,
} from './lesson-versions.js';
import { TRAINING_PARTS } from './parts.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema };
const tags = ['admin'];
const LESSON = { targetType: 'lesson', targetParam: 'partId' } as const;
/** What a browser sends a video as: the file's own type, or the generic one. */
const VIDEO_BODY_TYPES = ['application/octet-stream', 'video/mp4', 'video/webm'];

const maxVideoBytes = (deps: AppDeps) => deps.env.LESSON_VIDEO_MAX_MB * 1024 * 1024;

/**
 * The lessons' admin API (issue #27), in the admin scope (modules/admin/routes.ts): signed-in,
 * unlocked admins only, and every change written to the audit log. Versions work like the
 * knowledge base's: a save or a restore is a new version, the newest is live.
 */
export const lessonAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const shipped = loadShippedLessons(deps.lessonsDir ?? defaultLessonsDir(), loadLessons);
    const dir = lessonVideoDir(deps.env.DATA_DIR);
    const one = async (partId: TrainingPartId) => {
      const found = (await adminLessons(deps.db, shipped, deps.env.TRAINING_VIDEO_IDS)).find((l) => l.id === partId);
      if (!found) throw new Error(`no lesson ${partId}`);
      return found;
    };

    // The upload's body is read by its route's handler, after the admin gate (preValidation): the
    // parser only hands the stream on, so nobody else's bytes reach the disk.
    app.addContentTypeParser(VIDEO_BODY_TYPES, (_request, payload, done) => done(null, payload));

    app.get(
      '/lessons',
      { schema: { tags, summary: 'The four lessons: live source, live version and which video plays', response: { 200: adminLessonListSchema, ...errors } } },
      async () => ({ lessons: await adminLessons(deps.db, shipped, deps.env.TRAINING_VIDEO_IDS), maxVideoBytes: maxVideoBytes(deps) }),
    );

    app.put(
      '/lessons/:partId',
      {
        config: { audit: { action: 'lesson.save', ...LESSON } },
        schema: {
          tags,
          summary: "Save a lesson's Markdown (the shipped file's format, checked by the same parser) and video id, as a new version",
          params: lessonPartParamSchema,
          body: lessonSaveSchema,
          response: { 200: adminLessonSchema, ...errors },
        },
      },
      async (request) => {
        const { partId } = request.params;
        const version = await saveLessonVersion(deps.db, partId, request.body, 'Edited', currentUser(request).id);
        noteAudit(request, { summary: `Version #${version.id}${version.videoId ? `, video ${version.videoId}` : ''}` });
        return one(partId);
      },
    );

    app.get(
      '/lessons/:partId/versions',
      { schema: { tags, summary: "A lesson's versions, newest first (100 at most)", params: lessonPartParamSchema, response: { 200: lessonVersionListSchema, ...errors } } },
      async (request) => ({ versions: await listLessonVersions(deps.db, request.params.partId) }),
    );

    app.get(
      '/lessons/:partId/versions/:id',
      { schema: { tags, summary: 'One version with its source and the source before it', params: lessonVersionParamSchema, response: { 200: lessonVersionSchema, ...errors } } },
      async (request) => lessonVersion(deps.db, shipped, request.params.partId, request.params.id),
    );

    app.post(
      '/lessons/:partId/versions/:id/restore',
      {
        config: { audit: { action: 'lesson.restore', ...LESSON } },
        schema: { tags, summary: 'Restore a version: its source and video id become a new version', params: lessonVersionParamSchema, response: { 200: adminLessonSchema, ...errors } },
      },
      async (request) => {
        const { partId, id } = request.params;
        const version = await restoreLessonVersion(deps.db, partId, id, currentUser(request).id);
        noteAudit(request, { summary: `Version #${id} as version #${version.id}` });
        return one(partId);
      },
    );

    app.put(
      '/lessons/:partId/video',
      {
        config: { audit: { action: 'lesson.video.upload', ...LESSON } },
        schema: {
          tags,
          summary: "Upload a lesson's video (MP4 or WebM, the raw file as the body; at most LESSON_VIDEO_MAX_MB); it replaces the one before",
          params: lessonPartParamSchema,
          response: { 200: adminLessonSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { partId } = request.params;
        const limit = maxVideoBytes(deps);
        // Refused before a byte is written when the client says the file is too large.
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > limit) {
          void reply.header('Connection', 'close');
          throw new HttpError(413, videoSizeMessage(limit), { errors: { file: [videoSizeMessage(limit)] } });
        }
        const body = request.body as Readable | undefined;
        if (!body || typeof body.pipe !== 'function') throw new HttpError(400, 'Send the video file as the request body (application/octet-stream).');
        await fs.promises.mkdir(dir, { recursive: true, mode: 0o750 });
        // Named when the type is known: written under a temporary name first.
        const temp = path.join(dir, `${newVideoFileName('video/mp4').split('.')[0] ?? 'upload'}.part`);
        const { size, contentType } = await receiveVideo(body, temp, limit).catch((err: unknown) => {
          // The rest of a refused upload is not read: the connection closes once the refusal is sent.
          void reply.header('Connection', 'close');
          throw err;
        });
        const fileName = newVideoFileName(contentType);
        await fs.promises.rename(temp, path.join(dir, fileName));
        await setLessonVideo(deps.db, dir, { partId, fileName, contentType, size, uploadedBy: currentUser(request).id, uploadedAt: deps.now() });
        noteAudit(request, { summary: `${contentType}, ${size.toLocaleString('en-US')} bytes` });
        return one(partId);
      },
    );

    app.delete(
      '/lessons/:partId/video',
      {
        config: { audit: { action: 'lesson.video.remove', ...LESSON } },
        schema: { tags, summary: "Remove a lesson's uploaded video (and its file)", params: lessonPartParamSchema, response: { 200: adminLessonSchema, ...errors } },
      },
      async (request) => {
        const { partId } = request.params;
        if (!(await removeLessonVideo(deps.db, dir, partId))) throw new HttpError(404, 'This lesson has no uploaded video.');
        return one(partId);
      },
    );
  };

/**
 * A lesson's uploaded video for Pro users (and admins), with HTTP range requests so the browser's
 * <video> can seek: 206 with the asked bytes, 200 with the whole file without a Range, 416 for a
 * range outside it.
 */
export const lessonVideoRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const dir = lessonVideoDir(deps.env.DATA_DIR);
    app.get(
      '/api/training/:partId/video',
      {
        config: { requires: { pro: 'training' } },
        schema: {
          tags: ['training'],
          summary: "A lesson's uploaded video; supports Range (206, 416) (Pro)",
          // No response schema: the answer is the file's bytes (errors still take the API's error shape).
          params: trainingPartParamsSchema,
        },
      },
      async (request, reply) => {
        const part = TRAINING_PARTS.find((p) => p.id === request.params.partId);
        if (!part) throw new HttpError(404, 'There is no such training part.');
        const video = await lessonVideoFile(deps.db, dir, part.id);
        const range = requestedRange(request.headers.range, video.size);
        reply.header('Accept-Ranges', 'bytes').header('Cache-Control', 'private, max-age=3600');
        if (range === 'unsatisfiable') {
          return reply.code(416).header('Content-Range', `bytes */${video.size}`).type('application/json').send({ message: 'The requested range is outside the video.' });
        }
        reply.type(video.contentType);
        if (range === null) return reply.header('Content-Length', video.size).send(fs.createReadStream(video.file));
        return reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${video.size}`)
          .header('Content-Length', range.end - range.start + 1)
          .send(fs.createReadStream(video.file, { start: range.start, end: range.end }));
      },
    );
  };
