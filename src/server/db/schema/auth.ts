/** Accounts and their sign-in sessions (modules/auth, account, user, onboarding). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './common.js';

/** product §14.1 users, plus the password hash (never leaves the server). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /**
     * Paid access from subscriptions, cached here so the chat's hot path reads it with the user
     * (no join per message): the latest moment any Basic / Pro subscription gives access
     * (its period end, or the grace end while past_due). billing/events.ts rewrites both in the
     * same transaction as every subscription change; entitlements.ts is what reads them.
     * They replace the old has_basic_access / has_pro_access flags, which the API still answers,
     * derived (entitlements.ts).
     */
    basicUntil: timestamp('basic_until', { withTimezone: true }),
    proUntil: timestamp('pro_until', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    sessionCount: integer('session_count').notNull().default(0),
    weeklyFreeChatsRemaining: integer('weekly_free_chats_remaining').notNull().default(1),
    lastWeeklyResetDate: timestamp('last_weekly_reset_date', { withTimezone: true }),
    hasUsedFreeTrial: boolean('has_used_free_trial').notNull().default(false),
    freeSessionUsed: boolean('free_session_used').notNull().default(false),
    freeSessionExpiresAt: timestamp('free_session_expires_at', { withTimezone: true }),
    basicPurchaseDate: timestamp('basic_purchase_date', { withTimezone: true }),
    hasUsedProPromo: boolean('has_used_pro_promo').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    age: integer('age'),
    city: text('city'),
    state: text('state'),
    salesExperience: text('sales_experience'),
    currentIncome: integer('current_income'),
    targetIncome: integer('target_income'),
    biggestStruggle: text('biggest_struggle'),
    industry: text('industry'),
    product: text('product'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    tutorialSeenAt: timestamp('tutorial_seen_at', { withTimezone: true }),
    referralCode: text('referral_code').notNull(),
    referredBy: text('referred_by'),
    freeProMonthsRemaining: integer('free_pro_months_remaining').notNull().default(0),
    /** Pro from redeemed referral months runs until here (each Redeem adds 30 days, product §5). */
    referralProUntil: timestamp('referral_pro_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Usernames and emails compare case-insensitively, so uniqueness must too.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_idx').on(t.referralCode),
  ],
);

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hard end of the session regardless of activity (90 days after creation). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Why the session was ended by something other than its own sign-out (today only
     * 'password_changed'). Such a session signs nobody in, but its row stays until the usual
     * purge so the device still holding the cookie can be told why it was signed out.
     */
    revokedReason: text('revoked_reason', { enum: ['password_changed'] }),
    /**
     * Until when this session's admin panel is unlocked (product §12: 30 minutes from the
     * unlock). Per session, so another device of the same admin stays locked; signing out deletes
     * the row and the unlock with it. Null: locked.
     */
    adminUnlockedUntil: timestamp('admin_unlocked_until', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
