/** Referrals (modules/referrals, DECISIONS §5). */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './common.js';

/**
 * One row per referred user whose first paid invoice earned their referrer a free Pro month.
 * The referred user is the key: however many times, and however concurrently, that invoice's
 * event arrives, one month is credited (an insert `on conflict do nothing` decides).
 */
export const referralCredits = pgTable('referral_credits', {
  referredUserId: integer('referred_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  referrerId: integer('referrer_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The provider event that earned it, for the record. */
  eventId: text('event_id').notNull(),
  createdAt: createdAt(),
}, (t) => [index('referral_credits_referrer_id_idx').on(t.referrerId)]);
