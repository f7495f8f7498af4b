/** The objection deck (modules/deck, issue #27 item 3): the buyer lines a rep quoted, drilled with spaced repetition. */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DECK_ANSWER_MAX, DECK_LINE_MAX } from '#shared/schemas/deck.js';
import { users } from './auth.js';
import { chatMessages } from './chat.js';
import { createdAt } from './common.js';

/**
 * One card per buyer line. `normalized` (lower case, words only) is unique per user, so the same
 * line quoted in two conversations, or typed again with other capitals, stays one card; the chat
 * turn's insert meets it with `on conflict do nothing`. The FSRS fields are ts-fsrs's Card, one
 * column each, so the due query runs on an index instead of reading JSON.
 */
export const deckCards = pgTable(
  'deck_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    normalized: text('normalized').notNull(),
    /** The rep's chat message it was quoted in; null when the rep added it, or that conversation is gone. */
    sourceMessageId: integer('source_message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['chat', 'added'] }).notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deck_cards_user_line_idx').on(t.userId, t.normalized),
    index('deck_cards_user_due_idx').on(t.userId, t.due),
    check('deck_cards_text_length_check', sql.raw(`char_length(${t.text.name}) between 1 and ${DECK_LINE_MAX}`)),
  ],
);
export type DeckCardRow = typeof deckCards.$inferSelect;

/**
 * One row per drill answer: what the rep said, how the rubric scored it, the FSRS rating it gave,
 * and the card's stability after it, so Progress can tell how well the deck was remembered at any
 * week without replaying every review. Deleting the card (or the account) deletes its reviews.
 */
export const deckReviews = pgTable(
  'deck_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cardId: integer('card_id')
      .notNull()
      .references(() => deckCards.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    score: smallint('score').notNull(),
    keep: text('keep'),
    change: text('change'),
    /** ts-fsrs Rating: 1 Again, 2 Hard, 3 Good, 4 Easy. */
    rating: smallint('rating').notNull(),
    stabilityAfter: doublePrecision('stability_after').notNull(),
    dueAfter: timestamp('due_after', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('deck_reviews_user_idx').on(t.userId, t.reviewedAt),
    index('deck_reviews_card_idx').on(t.cardId, t.reviewedAt),
    check('deck_reviews_answer_length_check', sql.raw(`char_length(${t.answer.name}) <= ${DECK_ANSWER_MAX}`)),
  ],
);
export type DeckReviewRow = typeof deckReviews.$inferSelect;
