/** Subscriptions, payments and provider events (modules/billing, issue #14), and the sandbox provider's own records. */
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CHECKOUT_PLANS, PAID_TIERS, PAYMENT_PROVIDERS, PAYMENT_STATUSES, SUBSCRIPTION_STATUSES } from '#shared/schemas/billing.js';
import { users } from './auth.js';
import { createdAt } from './common.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A subscription as we know it from the provider's events (billing/events.ts is the only writer
 * after creation). Kept when the person deletes their account, like payments (product §10.2): the
 * user id becomes null. `status` is derived from the facts below it (subscription-state.ts), so
 * events applied in any order end in the same row.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    providerCustomerId: text('provider_customer_id').notNull(),
    tier: text('tier', { enum: PAID_TIERS }).notNull(),
    /** Bought through the Pro launch promo (first invoice cheaper, once per user). */
    promo: boolean('promo').notNull().default(false),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currentPeriodEnd: at('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The end of the latest period a paid invoice covers; only moves forward. */
    paidThrough: at('paid_through'),
    /** The end of the latest period whose renewal payment failed; past_due while it is beyond paidThrough. */
    unpaidThrough: at('unpaid_through'),
    /** `u<userId>:<attemptId>`: one checkout attempt makes one subscription, however often it is sent. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_id_idx').on(t.userId)],
);

/**
 * product §14.1 payments: one row per invoice, holding its latest attempt's outcome (a declined card
 * then a good one leaves one succeeded row; a succeeded row never turns failed). Kept as the law
 * asks (about 7 years) after the person deletes their account, detached from them (product §10.2).
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /** The provider's invoice (`in_…`); unique where present, so a replayed event cannot add a second payment. */
    providerInvoiceId: text('provider_invoice_id'),
    /** The provider's payment intent (`pi_…`), whichever provider; the column keeps product §14.1's name. */
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    amount: integer('amount').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    billingReason: text('billing_reason', { enum: ['subscription_create', 'subscription_cycle', 'other'] }),
    /** Why the attempt failed, in the words shown to the user ('Your card was declined.'). */
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payments_user_id_idx').on(t.userId), uniqueIndex('payments_provider_invoice_id_idx').on(t.providerInvoiceId)],
);

/**
 * Every provider event applied, keyed by the provider's event id and written in the same
 * transaction as its effect (`on conflict do nothing`): a duplicate or replayed event finds its
 * row and changes nothing.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The sandbox provider's own books (providers/sandbox.ts): what Stripe keeps on its side. Our
 * code never reads them except through the sandbox provider, exactly as it could not read Stripe's.
 */
export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    userId: integer('user_id').notNull(),
    plan: text('plan', { enum: CHECKOUT_PLANS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    renewalAmountCents: integer('renewal_amount_cents').notNull(),
    currentPeriodEnd: at('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The test card that paid last (test numbers only, never a real card): renewals charge it. */
    cardOnFile: text('card_on_file'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('sandbox_subscriptions_due_idx').on(t.status, t.currentPeriodEnd)],
);

export const sandboxInvoices = pgTable(
  'sandbox_invoices',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => sandboxSubscriptions.id, { onDelete: 'cascade' }),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    clientSecret: text('client_secret').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    billingReason: text('billing_reason', { enum: ['subscription_create', 'subscription_cycle'] }).notNull(),
    status: text('status', { enum: ['open', 'paid', 'failed'] }).notNull(),
    periodEnd: at('period_end').notNull(),
    failureMessage: text('failure_message'),
    /** Declined attempts so far: each is its own event (its own id), so each is recorded. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('sandbox_invoices_subscription_idx').on(t.subscriptionId)],
);
