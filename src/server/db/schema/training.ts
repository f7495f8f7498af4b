/** Training (modules/training, product §9): each user's saved-for-later and completed marks on the four parts. */
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './common.js';

/**
 * One row per user and part, made the first time either mark is set. The parts themselves are
 * fixed content (modules/training/parts.ts), so `part_id` names one of them rather than a row.
 * A mark is its timestamp: null when not set, so clearing keeps the row and the export says when.
 */
export const trainingProgress = pgTable(
  'training_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partId: text('part_id').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    /** The old "watched" mark, kept as it was set (the export still shows it); it no longer counts as completed (issue #27). */
    watchedAt: timestamp('watched_at', { withTimezone: true }),
    /** When the user first passed the lesson's check (issue #27: "watched" became "completed"). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.partId] })],
);
export type TrainingProgressRow = typeof trainingProgress.$inferSelect;
