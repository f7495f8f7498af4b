/** Progress (modules/progress, issue #15): how the rep's real calls went after trying the coach's advice. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CALL_RESULTS, OUTCOME_NOTE_MAX } from '#shared/schemas/progress.js';
import { users } from './auth.js';
import { chatMessages } from './chat.js';
import { createdAt } from './common.js';

/**
 * One outcome per coaching reply: the reply's id is the key, so logging again replaces it (the
 * rep may correct it) and two taps at once cannot make two. `user_id` is the reply's owner,
 * copied when it is logged, so the progress page reads a rep's outcomes without walking their
 * conversations. Deleting the reply (its conversation, the account) deletes the outcome.
 */
export const callOutcomes = pgTable(
  'call_outcomes',
  {
    messageId: integer('message_id')
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    result: text('result', { enum: CALL_RESULTS }).notNull(),
    note: text('note'),
    /** When it was first logged: the call it reports happened about then. */
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('call_outcomes_user_idx').on(t.userId, t.createdAt),
    check('call_outcomes_result_check', sql.raw(`${t.result.name} in (${CALL_RESULTS.map((r) => `'${r}'`).join(', ')})`)),
    check('call_outcomes_note_length_check', sql.raw(`char_length(${t.note.name}) <= ${OUTCOME_NOTE_MAX}`)),
  ],
);
export type CallOutcomeRow = typeof callOutcomes.$inferSelect;
