/** Shared counters for rate limits (plugins/rate-limits). */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters shared by every app process on the database: failed sign-ins
 * per identifier and per account, chat messages and new conversations per user. The migration
 * creates it UNLOGGED: counting costs no WAL flush, and a crash only empties it.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStart)],
);
