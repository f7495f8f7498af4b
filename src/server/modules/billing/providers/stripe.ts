/**
 * The Stripe provider (product §4): used when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and
 * STRIPE_WEBHOOK_SECRET are set. It speaks to Stripe through the official `stripe` package at the
 * API version the installed SDK pins, and, like every provider, writes none of our tables: what it
 * learns comes back as snapshots and `BillingEvent`s for events.ts to apply.
 *
 * Prices come from our plan catalogue (the request carries cents), not from prices configured in
 * the Stripe dashboard, so an operator only needs the three keys. Each subscription item uses an
 * inline `price_data` (monthly, the renewal amount) on one Product per tier, and the launch
 * promo's cheaper first month is a `duration: 'once'` coupon worth the difference. Both the
 * products and the coupon have fixed ids we choose, so they are looked up by id and created only
 * when missing: no dashboard setup, no duplicates across restarts or app instances.
 */
import Stripe from 'stripe';
import type { CheckoutPlan, PaidTier, SubscriptionStatus } from '#shared/schemas/billing.js';
import { HttpError } from '../../../plugins/errors.js';
import {
  ProviderUnreachableError,
  type BillingEvent,
  type CreatedSubscription,
  type CreateSubscriptionRequest,
  type InvoiceSnapshot,
  type PaymentProviderApi,
  type SubscriptionSnapshot,
  type WebhookResult,
} from '../provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests pass a stub so no request ever leaves the machine. */
  httpClient?: Stripe.HttpClient;
  /** The app's clock, for the webhook timestamp's tolerance window. */
  now?: () => Date;
}

/** Stripe's own default: a delivery signed more than 5 minutes before it arrives is refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The plan catalogue is in US dollars (plans.ts `currency: 'USD'`). */
const CURRENCY = 'usd';

/** Our fixed ids in the Stripe account (see the file comment and docs/payments.md). */
export const STRIPE_PRODUCT_IDS: Record<PaidTier, string> = { basic: 'salescoach_basic', pro: 'salescoach_pro' };
const PRODUCT_NAMES: Record<PaidTier, string> = { basic: 'SalesCoach Basic Access', pro: 'SalesCoach Pro' };
export const promoCouponId = (discountCents: number) => `salescoach_first_month_${discountCents}_off_${CURRENCY}`;

const TIER_OF: Record<CheckoutPlan, PaidTier> = { basic: 'basic', pro: 'pro', proPromo: 'pro' };

/** Shown when Stripe reports a failed payment without saying why (a webhook carries no payment error). */
const GENERIC_FAILURE = 'Your payment could not be completed.';

/**
 * Stripe's subscription statuses onto ours (shared/schemas/billing.ts). We never create trials or
 * pauses, so `trialing` and `paused` arise only from changes made in the dashboard: `trialing` is
 * access Stripe granted, `paused` bills nothing and so grants nothing. `unpaid` is what Stripe
 * leaves after its retries when the account is set to "mark unpaid" instead of cancelling: a failed
 * renewal, which our grace rules end. An unknown status grants nothing.
 */
export function mapSubscriptionStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'incomplete_expired':
      return 'incomplete_expired';
    default:
      return 'incomplete';
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);
const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** Since API version 2025-03-31 the billing period lives on each subscription item; ours have one, the latest end wins. */
function currentPeriodEndOf(subscription: Stripe.Subscription): Date {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  if (ends.length === 0 || !ends.every(Number.isFinite)) throw new Error(`Stripe subscription ${subscription.id} has no item periods`);
  return fromUnix(Math.max(...ends));
}

export function toSubscriptionSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const currentPeriodEnd = currentPeriodEndOf(subscription);
  const userId = Number(subscription.metadata.userId);
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: mapSubscriptionStatus(subscription.status),
    currentPeriodEnd,
    // A cancellation scheduled in the dashboard may set `cancel_at` instead of the flag; one
    // falling at or before the period's end is the same promise: access until then, no renewal.
    cancelAtPeriodEnd:
      subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.cancel_at <= currentPeriodEnd.getTime() / 1000),
    userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
  };
}

/** The invoice's own payment intent, when Stripe included its `payments` (they must be expanded). */
function paymentIntentOf(invoice: Stripe.Invoice): Stripe.PaymentIntent | string | null {
  const payments = invoice.payments?.data ?? [];
  const chosen = payments.find((p) => p.is_default) ?? payments[0];
  return chosen?.payment.payment_intent ?? null;
}

function billingReasonOf(invoice: Stripe.Invoice): InvoiceSnapshot['billingReason'] {
  if (invoice.billing_reason === 'subscription_create') return 'subscription_create';
  if (invoice.billing_reason === 'subscription_cycle') return 'subscription_cycle';
  return 'other';
}

/**
 * The invoice as events.ts needs it; null for an invoice that belongs to no subscription (not
 * ours to act on). `failureMessage` is Stripe's words for the decline when the payment intent is
 * at hand (retrieve fetches it); a webhook carries none, so a failed one gets a generic sentence.
 */
export function toInvoiceSnapshot(invoice: Stripe.Invoice, failed: boolean, paymentIntent?: Stripe.PaymentIntent | null): InvoiceSnapshot | null {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return null;
  const pi = paymentIntent ?? paymentIntentOf(invoice);
  // Invoice.period_end is the previous period for a subscription invoice; the line says what is paid for.
  const lineEnds = invoice.lines.data.map((line) => line.period.end);
  const periodEnd = fromUnix(lineEnds.length > 0 ? Math.max(...lineEnds) : invoice.period_end);
  if (Number.isNaN(periodEnd.getTime())) throw new Error(`Stripe invoice ${invoice.id} has no period`);
  const declined = typeof pi === 'object' && pi !== null ? (pi.last_payment_error?.message ?? null) : null;
  return {
    invoiceId: invoice.id,
    subscriptionId,
    customerId: idOf(invoice.customer) ?? '',
    paymentIntentId: idOf(pi),
    amountPaidCents: invoice.amount_paid,
    billingReason: billingReasonOf(invoice),
    periodEnd,
    failureMessage: failed ? (declined ?? invoice.last_finalization_error?.message ?? GENERIC_FAILURE) : null,
  };
}

/**
 * The first API version whose payloads have what we read: the period on subscription items and
 * the invoice's subscription under `parent` (2025-03-31). A webhook endpoint pinned to an older
 * version would have its invoices look like no subscription's and be ignored without a word.
 */
export const OLDEST_EVENT_API_VERSION = '2025-03-31';

/** A verified Stripe event as ours; null for a type we do not act on, or an invoice of no subscription. */
export function toBillingEvent(event: Stripe.Event): BillingEvent | null {
  switch (event.type) {
    // invoice.payment_succeeded fires beside invoice.paid for the same payment; invoice.paid alone
    // also covers invoices paid out of band, so it is the one we act on (one effect, one event).
    case 'invoice.paid': {
      const invoice = toInvoiceSnapshot(event.data.object, false);
      return invoice ? { eventId: event.id, type: 'invoice.paid', invoice } : null;
    }
    case 'invoice.payment_failed': {
      const invoice = toInvoiceSnapshot(event.data.object, true);
      return invoice ? { eventId: event.id, type: 'invoice.payment_failed', invoice } : null;
    }
    case 'customer.subscription.updated':
      return { eventId: event.id, type: 'subscription.updated', subscription: toSubscriptionSnapshot(event.data.object) };
    case 'customer.subscription.deleted':
      return { eventId: event.id, type: 'subscription.deleted', subscription: toSubscriptionSnapshot(event.data.object) };
    default:
      return null;
  }
}

function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && err.code === 'resource_missing';
}
function alreadyExists(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && err.code === 'resource_already_exists';
}

/**
 * Looks a fixed-id object up and creates it when Stripe has none. Two app instances may both find
 * it missing; the loser's create answers `resource_already_exists` and it reads the winner's.
 */
async function retrieveOrCreate<T>(retrieve: () => Promise<T>, create: () => Promise<T>): Promise<T> {
  try {
    return await retrieve();
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
  try {
    return await create();
  } catch (err) {
    if (!alreadyExists(err)) throw err;
    return retrieve();
  }
}

/**
 * What Stripe's client threw, as the app answers it (after the client's own retries). The network
 * failing, a timeout, Stripe's own outage (5xx) or throttling (429): unreachable, try again in a
 * minute. A second request with the same idempotency key while the first is still in flight (a
 * second tab continuing the same checkout): 409, wait a moment. Anything else Stripe refused is
 * our own mistake (a key, a parameter): a plain error, so the user gets the generic 500 and the
 * log the cause, never Stripe's words or status (its 401 for a bad key would read as "signed out").
 */
export function fromStripeError(err: unknown): Error {
  if (!(err instanceof Stripe.errors.StripeError)) return err instanceof Error ? err : new Error(String(err));
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    (err.statusCode ?? 0) >= 500
  ) {
    return new ProviderUnreachableError(err);
  }
  if (err.code === 'idempotency_key_in_use') return new HttpError(409, 'This checkout is still being prepared in another tab or window. Please wait a moment and try again.');
  return new Error(`Stripe refused the request (${err.type}${err.code ? `, ${err.code}` : ''})`, { cause: err });
}

async function answered<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw fromStripeError(err);
  }
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProviderApi {
  const stripe = new Stripe(options.secretKey, {
    // Every write we send carries an idempotency key, so retrying a dropped connection is safe.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });

  // Once per process: the products and the coupon never change once made (a failure is retried next time).
  const cache = new Map<string, Promise<string>>();
  const once = (key: string, make: () => Promise<string>): Promise<string> => {
    let pending = cache.get(key);
    if (!pending) {
      pending = make();
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    return pending;
  };

  const ensureProduct = (tier: PaidTier) =>
    once(`product:${tier}`, async () => {
      const id = STRIPE_PRODUCT_IDS[tier];
      const product = await retrieveOrCreate(
        () => stripe.products.retrieve(id),
        () => stripe.products.create({ id, name: PRODUCT_NAMES[tier], metadata: { tier } }, { idempotencyKey: `product-${id}` }),
      );
      return product.id;
    });

  const ensurePromoCoupon = (discountCents: number) =>
    once(`coupon:${discountCents}`, async () => {
      const id = promoCouponId(discountCents);
      const coupon = await retrieveOrCreate(
        () => stripe.coupons.retrieve(id),
        () =>
          stripe.coupons.create(
            { id, amount_off: discountCents, currency: CURRENCY, duration: 'once', name: 'Launch special: first month' },
            { idempotencyKey: `coupon-${id}` },
          ),
      );
      return coupon.id;
    });

  async function paymentIntentFor(invoice: Stripe.Invoice): Promise<Stripe.PaymentIntent | null> {
    const pi = paymentIntentOf(invoice);
    if (pi === null) return null;
    return typeof pi === 'string' ? stripe.paymentIntents.retrieve(pi) : pi;
  }

  async function createSubscription(request: CreateSubscriptionRequest): Promise<CreatedSubscription> {
    const { firstAmountCents, renewalAmountCents, idempotencyKey } = request;
    if (firstAmountCents > renewalAmountCents) throw new Error('A first month dearer than the renewal is not supported');
    const tier = TIER_OF[request.plan];
    const product = await ensureProduct(tier);
    const coupon = firstAmountCents < renewalAmountCents ? await ensurePromoCoupon(renewalAmountCents - firstAmountCents) : null;
    const customerId =
      request.customerId ??
      // Keyed by the attempt too: a retried or double-clicked Pay reuses this customer, which
      // keeps the subscription request identical, as Stripe requires for one idempotency key.
      (
        await stripe.customers.create(
          { email: request.email, metadata: { userId: String(request.userId) } },
          { idempotencyKey: `${idempotencyKey}-customer` },
        )
      ).id;

    const subscription = await stripe.subscriptions.create(
      {
        customer: customerId,
        items: [{ price_data: { currency: CURRENCY, product, unit_amount: renewalAmountCents, recurring: { interval: 'month' } } }],
        ...(coupon ? { discounts: [{ coupon }] } : {}),
        // Creates the subscription `incomplete` with a finalized first invoice whose payment the
        // browser confirms with the Payment Element; nothing is granted until it is paid.
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId: String(request.userId), plan: request.plan },
        // Newer API versions give the first payment's client secret as the invoice's
        // confirmation_secret (latest_invoice.payment_intent is gone); payments name the intent.
        expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
      },
      { idempotencyKey },
    );

    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    if (!clientSecret) throw new Error(`Stripe subscription ${subscription.id} came back without a payment to confirm`);
    return {
      customerId,
      subscriptionId: subscription.id,
      clientSecret,
      paymentIntentId: invoice ? idOf(paymentIntentOf(invoice)) : null,
      status: mapSubscriptionStatus(subscription.status),
      currentPeriodEnd: currentPeriodEndOf(subscription),
    };
  }

  async function retrieve(subscriptionId: string) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] });
    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    if (!invoice) return { subscription: toSubscriptionSnapshot(subscription), latestInvoice: null };
    // An open invoice that has been tried is a failed payment: its intent holds the decline's words.
    const failed = invoice.status === 'open' && invoice.attempted;
    const paymentIntent = failed ? await paymentIntentFor(invoice) : null;
    return {
      subscription: toSubscriptionSnapshot(subscription),
      latestInvoice: toInvoiceSnapshot(invoice, failed, paymentIntent),
    };
  }

  return {
    name: 'stripe',
    publicConfig: { publishableKey: options.publishableKey },

    createSubscription: (request: CreateSubscriptionRequest) => answered(() => createSubscription(request)),
    retrieve: (subscriptionId: string) => answered(() => retrieve(subscriptionId)),

    /**
     * The card behind a paid invoice: its payment intent (named by the invoice's payments, which a
     * webhook's invoice leaves out) and that intent's charge, whose card details carry Stripe's
     * fingerprint. Null when the payment was not by card.
     */
    cardFingerprintOf: (invoice: InvoiceSnapshot) =>
      answered(async () => {
        const paymentIntentId =
          invoice.paymentIntentId ?? idOf(paymentIntentOf(await stripe.invoices.retrieve(invoice.invoiceId, { expand: ['payments'] })));
        if (!paymentIntentId) return null;
        const pi = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
        const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
        return charge?.payment_method_details?.card?.fingerprint ?? null;
      }),

    setCancelAtPeriodEnd: (subscriptionId: string, cancel: boolean) =>
      answered(async () => toSubscriptionSnapshot(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }))),

    verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookResult {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') return { ok: false, reason: 'missing Stripe-Signature header' };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          options.now ? options.now().getTime() : undefined,
        );
      } catch (err) {
        // Stripe's messages name what failed (no matching signature, timestamp outside the
        // tolerance zone) and quote neither the secret nor the payload; the first line suffices.
        const reason = err instanceof Stripe.errors.StripeSignatureVerificationError ? err.message.split('\n')[0] : 'malformed webhook payload';
        return { ok: false, reason: reason ?? 'invalid signature' };
      }
      // Dated versions ("2025-03-31.basil") compare by their date prefix.
      if (event.api_version && event.api_version.slice(0, 10) < OLDEST_EVENT_API_VERSION) {
        return { ok: false, reason: `event API version ${event.api_version} predates ${OLDEST_EVENT_API_VERSION}: set the webhook endpoint's API version to ${Stripe.API_VERSION}` };
      }
      try {
        return { ok: true, event: toBillingEvent(event) };
      } catch {
        // Signed by Stripe but not shaped as we expect: refused so it shows as failed in the dashboard.
        return { ok: false, reason: `unexpected ${event.type} payload` };
      }
    },
  };
}
