/** Payments (modules/billing). */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './common.js';

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
