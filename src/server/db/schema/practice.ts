/** The weekly practice plan (modules/practice, product §9.4): each rep's weeks and the days they practised. */
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PracticeDidIt } from '#shared/schemas/practice.js';
import type { CallResult } from '#shared/schemas/progress.js';
import { users } from './auth.js';
import { createdAt } from './common.js';

/** One ranked candidate of a proposal: kept with the week, so a swap offers what was shown as "next". */
export interface PracticeCandidate {
  behaviourId: string;
  reason: string;
}

/**
 * One week of the plan. It starts 'proposed' (behaviour, its reason and the ranking it came
 * from), becomes 'active' when the rep accepts (the week's first day and time zone fixed then),
 * and 'done' with the check-in. At most one week per rep is not done (the partial unique index),
 * so two tabs proposing at once meet there instead of making two.
 */
export const practiceWeeks = pgTable(
  'practice_weeks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'proposed' | 'active' | 'done'>().notNull(),
    /** A behaviour id of content/practice/behaviours.md. */
    behaviourId: text('behaviour_id').notNull(),
    reason: text('reason').notNull(),
    ranking: jsonb('ranking').$type<PracticeCandidate[]>().notNull(),
    swaps: integer('swaps').notNull().default(0),
    timeZone: text('time_zone'),
    /** The week's first day in the rep's time zone; set on accepting. */
    startDate: date('start_date', { mode: 'string' }),
    reminderTime: text('reminder_time').notNull().default('08:30'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    checkInDidIt: text('check_in_did_it').$type<PracticeDidIt>(),
    checkInResult: text('check_in_result').$type<CallResult>(),
    checkInNote: text('check_in_note'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('practice_weeks_one_open_idx').on(t.userId).where(sql`${t.status} <> 'done'`), index('practice_weeks_user_idx').on(t.userId, t.createdAt)],
);
export type PracticeWeekRow = typeof practiceWeeks.$inferSelect;

/** A day the rep did the two-minute drill: one row per rep and calendar day, so "done" twice is one day. */
export const practiceDays = pgTable(
  'practice_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekId: integer('week_id')
      .notNull()
      .references(() => practiceWeeks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
