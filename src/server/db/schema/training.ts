/** Training (modules/training, product §9): each user's saved-for-later and completed marks on the four parts. */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { chatSessions } from './chat.js';
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

/**
 * A lesson's drill (issue #27): the conversation it opened, for which part and motion, and when
 * the rep finished its scene (answered the buyer and got the feedback). One row per conversation,
 * so the chat turn that ends the scene finds the part it completes by the conversation alone, and
 * a conversation that is not a drill (or not the user's) completes nothing.
 */
export const trainingDrills = pgTable('training_drills', {
  chatSessionId: integer('chat_session_id')
    .primaryKey()
    .references(() => chatSessions.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  partId: text('part_id').notNull(),
  motion: text('motion').notNull(),
  createdAt: createdAt(),
  /** When the scene ended with feedback on the rep's lines; null while it runs or if they left it. */
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
export type TrainingDrillRow = typeof trainingDrills.$inferSelect;

/**
 * Admins' edits of the written lessons (issue #27): every save is a new version (who, when, why),
 * like the knowledge base's. A part's newest version is its live lesson; a part without one reads
 * its shipped file (content/practice/lessons). `source` is the whole Markdown file, parsed by the
 * same parser as the shipped files; `video_id` a YouTube id set for this version, or null.
 */
export const lessonVersions = pgTable(
  'lesson_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partId: text('part_id').notNull(),
    source: text('source').notNull(),
    videoId: text('video_id'),
    note: text('note').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('lesson_versions_part_idx').on(t.partId, t.id)],
);
export type LessonVersionRow = typeof lessonVersions.$inferSelect;

/**
 * A lesson's uploaded video (issue #27): one per part at most, a file under DATA_DIR/lesson-videos
 * named by the server (`file_name`, random). One row per part, so replacing the video leaves the
 * old file referred to by nothing, and it is deleted then.
 */
export const lessonVideos = pgTable('lesson_videos', {
  partId: text('part_id').primaryKey(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
});
export type LessonVideoRow = typeof lessonVideos.$inferSelect;
