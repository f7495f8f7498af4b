/** Conversations handed to a person (modules/escalations). */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ESCALATION_PRIORITIES, ESCALATION_STATUSES } from '#shared/schemas/escalations.js';
import { users } from './auth.js';
import { chatSessions } from './chat.js';
import { createdAt } from './common.js';

/**
 * product §14.1 ai_escalations: a conversation the coach handed to a person (low confidence twice,
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
