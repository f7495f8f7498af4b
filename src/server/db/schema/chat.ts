/** Conversations and their messages (modules/chat). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Coaching } from '#shared/coaching.js';
import { MESSAGE_ROLES } from '#shared/schemas/chat.js';
import { users } from './auth.js';
import { createdAt } from './common.js';

/**
 * A coaching conversation (product §14.1 chat_sessions). `sessionId` is the public id the API uses;
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
     * conversation (product §3). It stays usable while that window lasts.
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

/** One message of a conversation (product §14.1 chat message). `role` is user, assistant or team (an admin's reply). */
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
    /**
     * The rep's message a coach reply answers. Unique: one reply per message, however many tries
     * or app processes race to answer it (issue #22). Null on the coaching team's messages, and
     * on replies stored before it existed.
     */
    replyTo: integer('reply_to').references((): AnyPgColumn => chatMessages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.chatSessionId, t.id),
    uniqueIndex('chat_messages_client_id_idx').on(t.chatSessionId, t.clientId),
    // Partial: the rep's and the team's messages (half the rows) answer nothing and need no entry.
    uniqueIndex('chat_messages_reply_to_idx').on(t.replyTo).where(sql`${t.replyTo} is not null`),
  ],
);
