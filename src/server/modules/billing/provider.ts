/**
 * The payment provider interface (DECISIONS §4), on the coach's pattern (coach/engine.ts +
 * select-engine.ts): two implementations, chosen once in buildApp by select-provider.ts —
 * the built-in sandbox (default, offline, test cards) and Stripe (when its three keys are set).
 *
 * A provider only talks to the payment system. It never writes our tables: what it learns
 * comes back as `BillingEvent`s, and the one event handler (events.ts) applies each event once,
 * in the same transaction as the `provider_events` row keyed by the event's id. Webhooks,
 * the sandbox's own payments and renewals, and payment-success's re-check all arrive there, so
 * duplicates, replays and any arrival order end in the same state.
 */
import type { CheckoutPlan, PaymentProvider, SubscriptionStatus } from '../../../shared/schemas/billing.js';

/** Amounts are US cents. Times are Dates. Ids are the provider's own (`sub_…`, `cus_…`, `in_…`, `pi_…`, `evt_…`). */
export interface CreateSubscriptionRequest {
  /** Our user, for the provider's metadata; the provider never decides who it belongs to. */
  userId: number;
  email: string;
  /** The provider's customer for this user, when one was made before. */
  customerId: string | null;
  plan: CheckoutPlan;
  /** The first invoice's amount (the promo's first month is cheaper) and each renewal's. */
  firstAmountCents: number;
  renewalAmountCents: number;
  /** Same key → same subscription: a double-clicked Pay never creates two (Stripe's Idempotency-Key). */
  idempotencyKey: string;
}

export interface CreatedSubscription {
  customerId: string;
  subscriptionId: string;
  /** The first invoice's payment, confirmed in the browser. */
  clientSecret: string;
  paymentIntentId: string | null;
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
}

/** The provider's truth about one subscription, as payment-success's re-check and the events carry it. */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** Our user id from the metadata set at creation (the provider echoes it back). */
  userId: number | null;
}

export interface InvoiceSnapshot {
  invoiceId: string;
  subscriptionId: string;
  customerId: string;
  paymentIntentId: string | null;
  amountPaidCents: number;
  /** Stripe's billing_reason: the first invoice, or a renewal. Referral credit goes only to the first. */
  billingReason: 'subscription_create' | 'subscription_cycle' | 'other';
  /** The period this invoice pays for (its line's period end): the new current_period_end when paid. */
  periodEnd: Date;
  /** Why a payment failed, in words for the user ('Your card was declined.'). */
  failureMessage: string | null;
}

/**
 * What happened at the provider, already verified (a webhook's signature, or the provider's
 * own API answering us). `eventId` is the provider's event id, unique per provider; an event
 * we synthesise from a re-check uses a stable id too (see events.ts), so it is applied once.
 */
export type BillingEvent =
  | { eventId: string; type: 'invoice.paid'; invoice: InvoiceSnapshot }
  | { eventId: string; type: 'invoice.payment_failed'; invoice: InvoiceSnapshot }
  | { eventId: string; type: 'subscription.updated'; subscription: SubscriptionSnapshot }
  | { eventId: string; type: 'subscription.deleted'; subscription: SubscriptionSnapshot };

export type WebhookResult = { ok: true; event: BillingEvent | null } | { ok: false; reason: string };

export interface PaymentProviderApi {
  readonly name: PaymentProvider;
  /** What the browser needs to show the provider's payment form (Stripe's publishable key; nothing for the sandbox). */
  readonly publicConfig: { publishableKey: string | null };
  createSubscription(request: CreateSubscriptionRequest): Promise<CreatedSubscription>;
  /** Asks the provider for the subscription and its latest invoice (payment-success's re-check). */
  retrieve(subscriptionId: string): Promise<{ subscription: SubscriptionSnapshot; latestInvoice: InvoiceSnapshot | null }>;
  /** Cancel at the period end (access continues), or undo that. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionSnapshot>;
  /**
   * Verifies a webhook delivery over its exact raw bytes and turns it into an event; `event: null`
   * for a verified event type we do not act on. Never throws for a bad delivery: `ok: false`.
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookResult;
}
