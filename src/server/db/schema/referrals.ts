/** Referrals (modules/referrals, product §5). */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * Referred users whose referral earns nothing because it looks like the referrer's own second
 * account (docs/decisions/0016), and why; the referrer's page counts them. One row per referred
 * user, like `referral_credits`, and never both for the same user.
 */
export const referralExclusions = pgTable('referral_exclusions', {
  referredUserId: integer('referred_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  referrerId: integer('referrer_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Signed up from the referrer's browser, from a network they used in the last 30 days, or paid with a card on the referrer's side. */
  reason: text('reason', { enum: ['same_device', 'same_network', 'same_card'] }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('referral_exclusions_referrer_id_idx').on(t.referrerId)]);

/**
 * The browsers and networks each user signed up, signed in or made signed-in requests from, for
 * at most 30 days after their last use (the hourly housekeeping deletes older rows): what a new
 * referred account is compared with. Only SHA-256 hashes are kept (`kind:value`), never the
 * address or the browser cookie itself.
 */
export const referralSightings = pgTable('referral_sightings', {
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `device`: the browser cookie; `network`: an IPv4 address, or an IPv6 address's /64. */
  kind: text('kind', { enum: ['device', 'network'] }).notNull(),
  valueHash: text('value_hash').notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.kind, t.valueHash] }), index('referral_sightings_last_seen_at_idx').on(t.lastSeenAt)]);

/**
 * SHA-256 hashes of the card fingerprints (the provider's id for a card number, never the number)
 * each user has paid with, when the provider reports one (Stripe does; the sandbox does not).
 * Kept while the account exists: a card the referrer paid with a year ago is still theirs.
 */
export const referralCardFingerprints = pgTable('referral_card_fingerprints', {
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  fingerprintHash: text('fingerprint_hash').notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.fingerprintHash] }), index('referral_card_fingerprints_hash_idx').on(t.fingerprintHash)]);
