import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Coaching } from '../../shared/coaching.js';
import { MESSAGE_ROLES } from '../../shared/schemas/chat.js';
import { ESCALATION_PRIORITIES, ESCALATION_STATUSES } from '../../shared/schemas/escalations.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** SPEC.md §3 users, plus the password hash (never leaves the server). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    hasBasicAccess: boolean('has_basic_access').notNull().default(false),
    hasProAccess: boolean('has_pro_access').notNull().default(false),
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
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * A coaching conversation (SPEC §3 chat_sessions). `sessionId` is the public id the API uses;
 * the messages live in chat_messages. Deleting the user deletes their conversations.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text('session_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * For a free-tier user: the start of the weekly window whose free chat opened this
     * conversation (DECISIONS §3). It stays usable while that window lasts.
     */
    freeWindowStart: timestamp('free_window_start', { withTimezone: true }),
    /**
     * A free conversation's rep messages, counted when each is accepted (before the reply), so
     * the cap holds under concurrent sends: the count is a conditional update, not a read.
     */
    freeMessagesUsed: integer('free_messages_used').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_sessions_user_id_idx').on(t.userId, t.updatedAt)],
);

/** One message of a conversation (SPEC §3 chat message). `role` is user, assistant or team (an admin's reply). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chatSessionId: integer('chat_session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MESSAGE_ROLES }).notNull(),
    content: text('content').notNull(),
    options: jsonb('options').$type<string[]>(),
    coaching: jsonb('coaching').$type<Coaching>(),
    /** The engine's private memory of the dialogue, handed back to it with the history. */
    engineState: jsonb('engine_state').$type<Record<string, unknown>>(),
    /**
     * The id the browser gave the rep's message. A send retried after a failure carries the same
     * id, so a message the server had already stored is answered, not stored twice.
     */
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.chatSessionId, t.id),
    uniqueIndex('chat_messages_client_id_idx').on(t.chatSessionId, t.clientId),
  ],
);

/** SPEC §3 feedbacks. A visitor's feedback has no user; a deleted user's feedback goes with them. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    rating: integer('rating'),
    status: text('status').notNull().default('new'),
    email: text('email'),
  },
  (t) => [index('feedbacks_user_id_idx').on(t.userId)],
);

/**
 * SPEC §3 payments. Payment records are kept as the law asks (about 7 years) after the person
 * deletes their account, detached from them (DECISIONS §9): the user id becomes null.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payments_user_id_idx').on(t.userId)],
);

/**
 * SPEC §3 ai_escalations: a conversation the coach handed to a person (low confidence twice,
 * or the rep asked for one). An admin's response is added to the conversation as a team message.
 */
export const aiEscalations = pgTable(
  'ai_escalations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatSessionId: integer('chat_session_id').references(() => chatSessions.id, { onDelete: 'cascade' }),
    /** The rep's message that triggered it. */
    messageId: integer('message_id'),
    userMessage: text('user_message').notNull(),
    aiAttempt: text('ai_attempt').notNull(),
    escalationReason: text('escalation_reason').notNull(),
    status: text('status', { enum: ESCALATION_STATUSES }).notNull().default('pending'),
    adminResponse: text('admin_response'),
    learningNote: text('learning_note'),
    priority: text('priority', { enum: ESCALATION_PRIORITIES }).notNull().default('normal'),
    respondedBy: integer('responded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('ai_escalations_status_idx').on(t.status, t.createdAt), index('ai_escalations_user_idx').on(t.userId)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The knowledge base (DECISIONS §7): every change is a new version (who, when, why); the
 * newest version is the live one. Its text is split into chunks indexed for full-text search.
 */
export const knowledgeVersions = pgTable('knowledge_versions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  content: text('content').notNull(),
  note: text('note').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    versionId: integer('version_id')
      .notNull()
      .references(() => knowledgeVersions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Title weighted above body, so a passage whose heading names the problem ranks first. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')`),
  },
  (t) => [index('knowledge_chunks_version_idx').on(t.versionId, t.position), index('knowledge_chunks_search_idx').using('gin', t.searchVector)],
);

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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
