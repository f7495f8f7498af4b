import { z } from 'zod';
import { safeString } from './primitives.js';

/** The four parts' ids, in order (product §9.1); the URL's `:partId` must be one of them. */
export const TRAINING_PART_IDS = ['discovery', 'objections', 'closing', 'pipeline'] as const;
export const trainingPartIdSchema = z.enum(TRAINING_PART_IDS);
export type TrainingPartId = z.infer<typeof trainingPartIdSchema>;

/** One part as the page shows it, with the signed-in user's own marks. */
export const trainingPartSchema = z.object({
  id: trainingPartIdSchema,
  title: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  /** The configured YouTube id (TRAINING_VIDEO_IDS), or null: the part shows 'Video Coming Soon'. */
  videoId: z.string().nullable(),
  /** When the user saved it for later / marked it watched (ISO), or null. */
  savedAt: z.string().nullable(),
  watchedAt: z.string().nullable(),
});
export type TrainingPart = z.infer<typeof trainingPartSchema>;

/** GET /api/training: the parts, and how far the user is (minutes of the parts marked watched). */
export const trainingOverviewSchema = z.object({
  parts: z.array(trainingPartSchema),
  totalMinutes: z.number().int(),
  watchedMinutes: z.number().int(),
});
export type TrainingOverview = z.infer<typeof trainingOverviewSchema>;

/** Any id the URL holds (an unknown one answers 404), but no control or formatting characters, like every text input. */
export const trainingPartParamsSchema = z.object({ partId: safeString().max(40) });

/** PUT /api/training/:partId/saved: setting the mark it already has changes nothing. */
export const trainingSavedInputSchema = z.strictObject({ saved: z.boolean() });
export type TrainingSavedInput = z.infer<typeof trainingSavedInputSchema>;

/** PUT /api/training/:partId/watched */
export const trainingWatchedInputSchema = z.strictObject({ watched: z.boolean() });
export type TrainingWatchedInput = z.infer<typeof trainingWatchedInputSchema>;
