import { z } from 'zod';
import { safeString } from './primitives.js';

/**
 * The four parts' ids, in course order (product §9.1): openers and prospecting first, as the
 * issue lists them (issue #27). That lesson keeps the id `pipeline` it had as Part 4, so the
 * marks stored under it stay with it and need no migration.
 */
export const TRAINING_PART_IDS = ['pipeline', 'discovery', 'objections', 'closing'] as const;
export const trainingPartIdSchema = z.enum(TRAINING_PART_IDS);
export type TrainingPartId = z.infer<typeof trainingPartIdSchema>;

/**
 * The four common motions a lesson's lines and drill are written for (issue #27). Each groups
 * the coach's finer motions (the lesson file's `motions` front matter maps them).
 */
export const LESSON_MOTIONS = ['door', 'showroom', 'phone', 'b2b'] as const;
export const lessonMotionSchema = z.enum(LESSON_MOTIONS);
export type LessonMotion = z.infer<typeof lessonMotionSchema>;
export const LESSON_MOTION_LABELS: Record<LessonMotion, string> = { door: 'Door', showroom: 'Showroom', phone: 'Phone', b2b: 'B2B' };

/** One part as the course list shows it, with the signed-in user's own marks. */
export const trainingPartSchema = z.object({
  id: trainingPartIdSchema,
  title: z.string(),
  description: z.string(),
  minutesToRead: z.number().int(),
  /** The configured YouTube id (TRAINING_VIDEO_IDS), or null: the lesson stands on its own. */
  videoId: z.string().nullable(),
  /** An admin's uploaded video (served with range requests), which plays instead of videoId; null when none was uploaded. */
  videoUrl: z.string().nullable(),
  /** When the user saved it for later / completed it (ISO), or null. Completed: the check passed or the drill done (issue #27). */
  savedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type TrainingPart = z.infer<typeof trainingPartSchema>;

/** GET /api/training: the parts, and how many of them the user completed. */
export const trainingOverviewSchema = z.object({
  parts: z.array(trainingPartSchema),
  completedCount: z.number().int(),
});
export type TrainingOverview = z.infer<typeof trainingOverviewSchema>;

export const CHECK_CHOICE_KEYS = ['A', 'B', 'C', 'D'] as const;
export const checkChoiceKeySchema = z.enum(CHECK_CHOICE_KEYS);
export type CheckChoiceKey = z.infer<typeof checkChoiceKeySchema>;

/** A check question as the client sees it before answering: no correct answer, no explanation. */
export const lessonQuestionSchema = z.object({
  prompt: z.string(),
  choices: z.array(z.object({ key: checkChoiceKeySchema, text: z.string() })),
});
export type LessonQuestion = z.infer<typeof lessonQuestionSchema>;

/** The drill's scene for one motion: who the coach plays, what they say first, and what a strong answer does. */
export const lessonDrillSceneSchema = z.object({
  buyer: z.string(),
  openingLine: z.string(),
  moment: z.string(),
  strongAnswer: z.array(z.string()).min(1),
});
export type LessonDrillScene = z.infer<typeof lessonDrillSceneSchema>;

const perMotion = <T extends z.ZodType>(item: T) => z.object({ door: item, showroom: item, phone: item, b2b: item });

/** GET /api/training/:partId: the written lesson. Sections and the drill's intro are Markdown, rendered as text. */
export const trainingLessonSchema = z.object({
  part: trainingPartSchema,
  title: z.string(),
  squareStep: z.string(),
  methods: z.array(z.string()),
  /** "What to do" and "Why it works", in the file's order. */
  sections: z.array(z.object({ heading: z.string(), markdown: z.string() })).min(1),
  /** Three to five example lines per motion ("Say it like this"). */
  lines: perMotion(z.array(z.string()).min(3).max(5)),
  questions: z.array(lessonQuestionSchema).length(3),
  drill: z.object({ intro: z.string(), scenes: perMotion(lessonDrillSceneSchema) }),
  /** The rep's own motion, read from their profile when it names one; null: the page offers a switcher. */
  yourMotion: lessonMotionSchema.nullable(),
});
export type TrainingLesson = z.infer<typeof trainingLessonSchema>;

/** Any id the URL holds (an unknown one answers 404), but no control or formatting characters, like every text input. */
export const trainingPartParamsSchema = z.object({ partId: safeString().max(40) });

/** PUT /api/training/:partId/saved: setting the mark it already has changes nothing. */
export const trainingSavedInputSchema = z.strictObject({ saved: z.boolean() });
export type TrainingSavedInput = z.infer<typeof trainingSavedInputSchema>;

/** POST /api/training/:partId/check: one answer per question, in order. */
export const trainingCheckInputSchema = z.strictObject({ answers: z.tuple([checkChoiceKeySchema, checkChoiceKeySchema, checkChoiceKeySchema]) });
export type TrainingCheckInput = z.infer<typeof trainingCheckInputSchema>;

/** The check's result: each answer right or wrong with the explanation, shown only once answered. */
export const trainingCheckResultSchema = z.object({
  passed: z.boolean(),
  results: z.array(z.object({ answer: checkChoiceKeySchema, correct: z.boolean(), correctChoice: checkChoiceKeySchema, explanation: z.string() })),
  part: trainingPartSchema,
});
export type TrainingCheckResult = z.infer<typeof trainingCheckResultSchema>;

/** POST /api/training/:partId/drill: the motion whose scene the rep drills (the one the lesson page shows). */
export const trainingDrillInputSchema = z.strictObject({ motion: lessonMotionSchema });
export type TrainingDrillInput = z.infer<typeof trainingDrillInputSchema>;

/** The drill's conversation, opened with the buyer's first line: the chat shows it at /chat/:sessionId. */
export const trainingDrillStartedSchema = z.object({ sessionId: z.string() });
export type TrainingDrillStarted = z.infer<typeof trainingDrillStartedSchema>;
