/**
 * The payment provider interface (product §4), on the coach's pattern (coach/engine.ts +
 * select-engine.ts): two implementations, chosen once in buildApp by select-provider.ts —
 * the built-in sandbox (default, offline, test cards) and Stripe (when its three keys are set).
 *
 * A provider only talks to the payment system. It never writes our tables: what it learns
 * comes back as `BillingEvent`s, and the one event handler (events.ts) applies each event once,
 * in the same transaction as the `provider_events` row keyed by the event's id. Webhooks,
 * the sandbox's own payments and renewals, and payment-success's re-check all arrive there, so
 * duplicates, replays and any arrival order end in the same state.
 */
import type { CheckoutPlan, PaymentProvider, SubscriptionStatus } from '#shared/schemas/billing.js';
import { HttpError } from '../../plugins/errors.js';

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
  /**
   * The provider's fingerprint of the card that paid (the same card number gives the same
   * fingerprint, on any customer), when the provider knows it: the referral checks compare it
   * (docs/decisions/0016). Absent: not looked up yet (see `cardFingerprintOf`); null: no card
   * the provider can fingerprint (the sandbox has none).
   */
  cardFingerprint?: string | null;
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
  /**
   * Looks up the fingerprint of the card that paid an invoice, for a provider whose events do not
   * carry it (Stripe's webhooks name the payment, not the card). Omitted by a provider that has
   * no card fingerprints (the sandbox).
   */
  cardFingerprintOf?(invoice: InvoiceSnapshot): Promise<string | null>;
}

/**
 * A paid invoice's event with the card's fingerprint filled in from the provider when the event
 * did not carry it. Done before the event's transaction, so no provider call holds a lock; a
 * failed lookup fails the delivery, which the provider retries.
 */
export async function withCardFingerprint(provider: PaymentProviderApi, event: BillingEvent): Promise<BillingEvent> {
  if (event.type !== 'invoice.paid' || event.invoice.cardFingerprint !== undefined || event.invoice.amountPaidCents <= 0 || !provider.cardFingerprintOf) return event;
  return { ...event, invoice: { ...event.invoice, cardFingerprint: await provider.cardFingerprintOf(event.invoice) } };
}

/**
 * Thrown by a provider when the payment system could not be reached: its network failed, it did
 * not answer in time, or it answered with its own outage (5xx) or throttling (429). The request
 * may well succeed in a minute. The billing service answers it with whenReachable.
 */
export class ProviderUnreachableError extends Error {
  constructor(cause: unknown) {
    super('The payment provider could not be reached', { cause });
    this.name = 'ProviderUnreachableError';
  }
}

/** How long the browser is told to wait before trying again while the provider is unreachable. */
export const UNREACHABLE_RETRY_AFTER_SECONDS = 60;

/**
 * What the user is told when the provider cannot be reached, by what they were doing. Each says
 * only what is sure: opening a checkout never charges (the payment is confirmed in the browser
 * afterwards), but a timed-out change may have reached the provider, whose webhook then tells us.
 */
export const UNREACHABLE_MESSAGES = {
  checkout: 'Payments are not reachable right now. Nothing was charged. Please try again in a minute.',
  check: 'Payments are not reachable right now, so your payment could not be checked yet. If you paid, your plan updates as soon as the payment provider confirms it. Please try again in a minute.',
  change: 'Payments are not reachable right now, so this could not be done. Please try again in a minute.',
  deleteAccount: 'Payments are not reachable right now, so your subscription could not be stopped and your account was not deleted. Please try again in a minute.',
} as const;

/** Runs `work`; an unreachable provider becomes a 503 with Retry-After and `message` instead of a generic 500. */
export async function whenReachable<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ProviderUnreachableError)) throw err;
    const answer = new HttpError(503, message, { headers: { 'retry-after': String(UNREACHABLE_RETRY_AFTER_SECONDS) } });
    // Kept for the log (billing routes' onError hook): which call failed, and how.
    answer.cause = err;
    throw answer;
  }
}
