import { and, eq, sql } from 'drizzle-orm';
import type { TrainingOverview } from '#shared/schemas/training.js';
import type { Db } from '../../db/client.js';
import { trainingProgress, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { TRAINING_PARTS, TRAINING_TOTAL_MINUTES, type TrainingPartContent } from './parts.js';

/** The parts with the user's own marks and the minutes of those they watched. */
export async function trainingOverview(db: Db, user: UserRow, videoIds: readonly (string | null)[]): Promise<TrainingOverview> {
  const rows = await db.select().from(trainingProgress).where(eq(trainingProgress.userId, user.id));
  const byPart = new Map(rows.map((r) => [r.partId, r]));
  const parts = TRAINING_PARTS.map((part, index) => {
    const row = byPart.get(part.id);
    return {
      ...part,
      videoId: videoIds[index] ?? null,
      savedAt: row?.savedAt?.toISOString() ?? null,
      watchedAt: row?.watchedAt?.toISOString() ?? null,
    };
  });
  const watchedMinutes = parts.reduce((sum, p) => sum + (p.watchedAt ? p.durationMinutes : 0), 0);
  return { parts, totalMinutes: TRAINING_TOTAL_MINUTES, watchedMinutes };
}

function findPart(partId: string): TrainingPartContent {
  const part = TRAINING_PARTS.find((p) => p.id === partId);
  if (!part) throw new HttpError(404, 'There is no such training part.');
  return part;
}

export type TrainingMark = 'saved' | 'watched';

/**
 * Sets or clears one of the user's marks on a part. Idempotent: setting a mark that is already
 * set keeps its first time (coalesce), clearing one that is not set changes nothing; one row
 * per user and part, so concurrent requests meet on the primary key instead of duplicating.
 */
export async function setTrainingMark(db: Db, user: UserRow, partId: string, mark: TrainingMark, on: boolean, now: Date): Promise<void> {
  const part = findPart(partId);
  const column = mark === 'saved' ? trainingProgress.savedAt : trainingProgress.watchedAt;
  const stamp = (value: Date | ReturnType<typeof sql> | null) => (mark === 'saved' ? { savedAt: value } : { watchedAt: value });
  if (on) {
    await db
      .insert(trainingProgress)
      .values({ userId: user.id, partId: part.id, ...stamp(now), createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [trainingProgress.userId, trainingProgress.partId],
        set: { ...stamp(sql`coalesce(${column}, ${now.toISOString()}::timestamptz)`), updatedAt: now },
      });
    return;
  }
  // Nothing to clear without a row: no row is made just to hold two nulls.
  await db
    .update(trainingProgress)
    .set({ ...stamp(null), updatedAt: now })
    .where(and(eq(trainingProgress.userId, user.id), eq(trainingProgress.partId, part.id)));
}
