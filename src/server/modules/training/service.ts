import { and, eq, sql } from 'drizzle-orm';
import type { TrainingCheckInput, TrainingCheckResult, TrainingLesson, TrainingOverview, TrainingPart, TrainingPartId } from '#shared/schemas/training.js';
import type { Db } from '../../db/client.js';
import { trainingProgress, type TrainingProgressRow, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { motionsIn } from '../coach/service.js';
import type { PlanCatalogue } from '#shared/plans.js';
import type { LessonMotion, TrainingDrillStarted } from '#shared/schemas/training.js';
import { startDrill } from './drill.js';
import { lessonMotionFor, type StoredLesson } from './lessons.js';
import { TRAINING_PARTS, type TrainingPartContent } from './parts.js';

/** What the training service reads besides its marks: the live lessons and videos (lesson-versions.ts: admins' versions over the shipped files). */
export interface TrainingContent {
  lessons: ReadonlyMap<TrainingPartId, StoredLesson>;
  videoIds: readonly (string | null)[];
  /** An uploaded video's URL per part, which plays instead of the YouTube id. */
  videoUrls?: readonly (string | null)[];
}

function partView(content: TrainingContent, part: TrainingPartContent, index: number, row: TrainingProgressRow | undefined): TrainingPart {
  const lesson = content.lessons.get(part.id);
  if (!lesson) throw new Error(`No lesson loaded for training part ${part.id}`);
  return {
    id: part.id,
    title: lesson.partTitle,
    description: part.description,
    minutesToRead: lesson.minutesToRead,
    videoId: content.videoIds[index] ?? null,
    videoUrl: content.videoUrls?.[index] ?? null,
    savedAt: row?.savedAt?.toISOString() ?? null,
    completedAt: row?.completedAt?.toISOString() ?? null,
  };
}

async function rowsOf(db: Db, user: UserRow) {
  const rows = await db.select().from(trainingProgress).where(eq(trainingProgress.userId, user.id));
  return new Map(rows.map((r) => [r.partId, r]));
}

/** The parts with the user's own marks, and how many they completed. */
export async function trainingOverview(db: Db, user: UserRow, content: TrainingContent): Promise<TrainingOverview> {
  const byPart = await rowsOf(db, user);
  const parts = TRAINING_PARTS.map((part, index) => partView(content, part, index, byPart.get(part.id)));
  return { parts, completedCount: parts.filter((p) => p.completedAt !== null).length };
}

function findPart(partId: string): { part: TrainingPartContent; index: number } {
  const index = TRAINING_PARTS.findIndex((p) => p.id === partId);
  const part = TRAINING_PARTS[index];
  if (!part) throw new HttpError(404, 'There is no such training part.');
  return { part, index };
}

function lessonOf(content: TrainingContent, partId: TrainingPartId): StoredLesson {
  const lesson = content.lessons.get(partId);
  if (!lesson) throw new Error(`No lesson loaded for training part ${partId}`);
  return lesson;
}

/** One lesson for the user: the check without its answers, and the rep's motion when their profile names one. */
export async function trainingLesson(db: Db, user: UserRow, content: TrainingContent, partId: string): Promise<TrainingLesson> {
  const { part, index } = findPart(partId);
  const lesson = lessonOf(content, part.id);
  const row = (await rowsOf(db, user)).get(part.id);
  // What they sell says how they meet buyers ("solar, door to door"); the coach reads it the same way.
  const named = motionsIn(`${user.industry ?? ''} ${user.product ?? ''}`).named[0];
  return {
    part: partView(content, part, index, row),
    title: lesson.title,
    squareStep: lesson.squareStep,
    methods: lesson.methods,
    sections: lesson.sections,
    lines: lesson.lines,
    questions: lesson.questions,
    drill: lesson.drill,
    yourMotion: lessonMotionFor(lesson, named),
  };
}

/** Opens the lesson's drill for the motion: a conversation whose first turn is the buyer's opening line (drill.ts). */
export async function drillLesson(db: Db, user: UserRow, plans: PlanCatalogue, content: TrainingContent, partId: string, motion: LessonMotion, now: Date): Promise<TrainingDrillStarted> {
  const { part } = findPart(partId);
  return startDrill(db, user, plans, part.id, lessonOf(content, part.id), motion, now);
}

/** The chat turn's hook: a scene that ends in the user's drill completes its part. */
export { finishDrill } from './drill.js';

/**
 * Scores the check on the server, so the answers never reach the client before it answers. The
 * check passes at 3 of 3: each question tests one move of the lesson, and a rep who misses one
 * reads why and tries again at once; 2 of 3 would mark complete a rep who still holds the
 * tempting wrong answer the question was written around. Passing completes the part (first time kept).
 */
export async function scoreCheck(db: Db, user: UserRow, content: TrainingContent, partId: string, input: TrainingCheckInput, now: Date): Promise<TrainingCheckResult> {
  const { part, index } = findPart(partId);
  const lesson = lessonOf(content, part.id);
  const results = input.answers.map((answer, i) => {
    const key = lesson.answers[i];
    if (!key) throw new Error(`Lesson ${part.id} has no answer for question ${i + 1}`);
    return { answer, correct: answer === key.correct, correctChoice: key.correct, explanation: key.why };
  });
  const passed = results.every((r) => r.correct);
  if (passed) {
    await db
      .insert(trainingProgress)
      .values({ userId: user.id, partId: part.id, completedAt: now, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [trainingProgress.userId, trainingProgress.partId],
        set: { completedAt: sql`coalesce(${trainingProgress.completedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now },
      });
  }
  const row = (await rowsOf(db, user)).get(part.id);
  return { passed, results, part: partView(content, part, index, row) };
}

/**
 * Saves a part for later or unsaves it. Idempotent: saving again keeps the first time
 * (coalesce), unsaving one that is not saved changes nothing; one row per user and part, so
 * concurrent requests meet on the primary key instead of duplicating.
 */
export async function setSaved(db: Db, user: UserRow, partId: string, on: boolean, now: Date): Promise<void> {
  const { part } = findPart(partId);
  if (on) {
    await db
      .insert(trainingProgress)
      .values({ userId: user.id, partId: part.id, savedAt: now, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [trainingProgress.userId, trainingProgress.partId],
        set: { savedAt: sql`coalesce(${trainingProgress.savedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now },
      });
    return;
  }
  // Nothing to clear without a row: no row is made just to hold nulls.
  await db
    .update(trainingProgress)
    .set({ savedAt: null, updatedAt: now })
    .where(and(eq(trainingProgress.userId, user.id), eq(trainingProgress.partId, part.id)));
}
