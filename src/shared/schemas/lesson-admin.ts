import { z } from 'zod';
import { idParam, safeString } from './primitives.js';
import { trainingPartIdSchema } from './training.js';

/**
 * The admin panel's lessons (issue #27): each lesson's live Markdown source (the newest saved
 * version, or the shipped file), its video, and the versions, like the knowledge base's.
 */

/** A YouTube id as TRAINING_VIDEO_IDS takes it: 11 URL-safe characters. */
export const LESSON_VIDEO_ID_MESSAGE = 'A video id is the 11 characters after "v=" in a YouTube link.';

/** The video types a lesson takes, by what the file's first bytes say it is. */
export const LESSON_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const LESSON_VIDEO_ACCEPT = '.mp4,.webm,video/mp4,video/webm';

const authorSchema = z.object({ id: z.number().int(), username: z.string() }).nullable();

/** One saved version, without its text. */
export const lessonVersionSummarySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  note: z.string(),
  videoId: z.string().nullable(),
  createdBy: authorSchema,
});
export type LessonVersionSummary = z.infer<typeof lessonVersionSummarySchema>;

/** The uploaded video of a lesson, when there is one. */
export const lessonVideoFileSchema = z.object({
  contentType: z.enum(LESSON_VIDEO_TYPES),
  size: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: authorSchema,
  /** Where a Pro user's browser plays it (range requests). */
  url: z.string(),
});
export type LessonVideoFile = z.infer<typeof lessonVideoFileSchema>;

/** Which video a lesson plays: the uploaded file, the version's id, the operator's TRAINING_VIDEO_IDS, or none (it stands alone). */
export const lessonVideoSourceSchema = z.enum(['upload', 'version', 'env', 'none']);
export type LessonVideoSource = z.infer<typeof lessonVideoSourceSchema>;

/** One lesson as the admin panel's list and editor show it. */
export const adminLessonSchema = z.object({
  id: trainingPartIdSchema,
  title: z.string(),
  /** The live version, or null while the shipped file is live. */
  version: lessonVersionSummarySchema.nullable(),
  source: z.string(),
  /** The live version's own video id (null: none set). */
  videoId: z.string().nullable(),
  /** TRAINING_VIDEO_IDS's id for this part, which plays when neither an upload nor the version sets one. */
  envVideoId: z.string().nullable(),
  videoFile: lessonVideoFileSchema.nullable(),
  videoSource: lessonVideoSourceSchema,
});
export type AdminLesson = z.infer<typeof adminLessonSchema>;

export const adminLessonListSchema = z.object({
  lessons: z.array(adminLessonSchema),
  /** The largest video an upload may be (LESSON_VIDEO_MAX_MB), in bytes. */
  maxVideoBytes: z.number().int(),
});
export type AdminLessonList = z.infer<typeof adminLessonListSchema>;

/** PUT /api/admin/lessons/:partId: the whole Markdown file, and the video id (null or empty clears it). */
export const LESSON_SOURCE_MAX_CHARS = 100_000;
export const lessonSaveSchema = z.strictObject({
  source: safeString()
    .refine((v) => v.trim().length > 0, 'Please enter the lesson’s Markdown.')
    .refine((v) => v.length <= LESSON_SOURCE_MAX_CHARS, `A lesson can be at most ${LESSON_SOURCE_MAX_CHARS.toLocaleString('en-US')} characters.`),
  /** An 11-character YouTube id, or null (none); the client sends null for an empty field. */
  videoId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, LESSON_VIDEO_ID_MESSAGE).nullable(),
});
export type LessonSaveInput = z.infer<typeof lessonSaveSchema>;

export const lessonPartParamSchema = z.object({ partId: trainingPartIdSchema });
export const lessonVersionParamSchema = z.object({ partId: trainingPartIdSchema, id: idParam('Invalid version id') });

export const lessonVersionListSchema = z.object({ versions: z.array(lessonVersionSummarySchema) });
export type LessonVersionList = z.infer<typeof lessonVersionListSchema>;

/** One version with its source and the source before it (the previous version's, or the shipped file's), for the diff. */
export const lessonVersionSchema = lessonVersionSummarySchema.extend({ source: z.string(), previousSource: z.string() });
export type LessonVersion = z.infer<typeof lessonVersionSchema>;
