import { z } from 'zod';
import { PLAN_STATES } from './chat.js';
import { safeString } from './primitives.js';

/*
 * Plans, checkout, subscriptions and referrals (issue #14; product §3, §4, §5): the one contract
 * the checkout pages, the account page, the referral page and the server's routes share.
 * Every request body is strict: a plan, a price, a status, a period or a user id sent by the
 * browser is refused, never applied (mass assignment).
 */

/** The payment providers (server/modules/billing/providers). */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The paid plans one can check out: Basic, Pro, and Pro's launch promo (first month cheaper, once per user). */
export const CHECKOUT_PLANS = ['basic', 'pro', 'proPromo'] as const;
export type CheckoutPlan = (typeof CHECKOUT_PLANS)[number];

/** What a subscription gives: the promo is a Pro subscription with a cheaper first invoice. */
export const PAID_TIERS = ['basic', 'pro'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

/**
 * A subscription's life, Stripe's own names (so the Stripe provider maps 1:1):
 * - incomplete: created, first payment not (yet) confirmed; gives nothing;
 * - active: paid for the current period;
 * - past_due: a renewal failed; access continues through the grace period, then ends;
 * - canceled: ended (at the period end after Cancel, or when the grace ran out);
 * - incomplete_expired: the first payment never succeeded.
 */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled', 'incomplete_expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Every payment attempt is recorded with one of these (product §14.1 left the set open). */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * POST /api/create-basic-subscription, /api/create-pro-subscription,
 * /api/create-pro-promo-subscription. `attemptId` is made once per visit to a checkout page
 * (crypto.randomUUID()) and is the idempotency key: a double-clicked Pay, or a retried request,
 * gets back the same subscription instead of a second one. The user is the session's.
 */
export const createSubscriptionSchema = z.strictObject({
  attemptId: z.uuid({ error: 'Invalid checkout attempt' }),
});
export type CreateSubscriptionInput = z.infer<typeof createSubscriptionSchema>;

export const createSubscriptionResultSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key, to load Stripe.js and its Payment Element; null for the sandbox. */
  publishableKey: z.string().nullable(),
  /** Our subscription's public id (the provider's subscription id: `sub_…`). */
  subscriptionId: z.string(),
  /** The first invoice's payment, confirmed in the browser (Stripe.js, or the sandbox card form). */
  clientSecret: z.string(),
  plan: z.enum(CHECKOUT_PLANS),
  /** What this first payment charges, in US cents, from the plan catalogue. */
  amountCents: z.number().int(),
});
export type CreateSubscriptionResult = z.infer<typeof createSubscriptionResultSchema>;

/** The sandbox provider's card form (the sandbox stands in for Stripe's hosted fields). */
export const sandboxCardSchema = z.strictObject({
  /** Digits, spaces allowed ("4242 4242 4242 4242"). */
  number: safeString().trim().regex(/^[0-9 ]{12,23}$/, 'Your card number is incomplete.'),
  /** MM/YY */
  expiry: safeString().trim().regex(/^(0[1-9]|1[0-2]) ?\/ ?[0-9]{2}$/, "Your card's expiration date is incomplete."),
  cvc: safeString().trim().regex(/^[0-9]{3,4}$/, "Your card's security code is incomplete."),
});
export type SandboxCard = z.infer<typeof sandboxCardSchema>;

/**
 * POST /api/sandbox/confirm-payment (only while the sandbox is the provider): pays the invoice
 * behind `clientSecret` with a test card. 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is
 * declined ('Your card was declined.'); 4000 0000 0000 9995 has insufficient funds ('Your card
 * has insufficient funds.'). A refused card answers 402 with that message and code
 * `card_declined`; the expiry (not in the past) and the CVC are checked too (400).
 */
export const sandboxConfirmSchema = z.strictObject({
  clientSecret: safeString().min(1).max(200),
  card: sandboxCardSchema,
});
export type SandboxConfirmInput = z.infer<typeof sandboxConfirmSchema>;
export const sandboxConfirmResultSchema = z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() });

/**
 * POST /api/payment-success: a hint from the browser that it confirmed a payment. It grants
 * nothing by itself: the server asks the provider for the subscription and applies what the
 * provider says. A made-up id, or another user's, changes nothing (404).
 */
export const paymentSuccessSchema = z.strictObject({
  subscriptionId: safeString().min(1).max(200),
  paymentIntentId: safeString().min(1).max(200).optional(),
});
export type PaymentSuccessInput = z.infer<typeof paymentSuccessSchema>;

/** A subscription as the account page shows it. */
export const subscriptionViewSchema = z.object({
  id: z.string(),
  tier: z.enum(PAID_TIERS),
  /** Bought through the launch promo (first month at the promo price). */
  promo: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /**
   * The launch promo's price is what this period was paid at: a promo subscription before its
   * first renewal. False once it renews (or fails to) at the full price, so the badge goes too.
   */
  promoPriceActive: z.boolean(),
  /** What the next renewal charges, in cents (the promo's later months: the full Pro price). */
  renewalPriceCents: z.number().int(),
  /** ISO time the paid period ends: the renewal date, or the last day of access after Cancel. */
  currentPeriodEnd: z.iso.datetime({ offset: true }),
  cancelAtPeriodEnd: z.boolean(),
  /** While past_due: the last moment of access before the account returns to Free. */
  graceEndsAt: z.iso.datetime({ offset: true }).nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/**
 * GET /api/billing (and the answer of payment-success, cancel and resume): what the user has
 * and why. `plan` is entitlements.ts's answer; `proUntil`/`basicUntil` are when that access ends
 * if nothing renews (subscription period, grace, redeemed referral months).
 */
export const billingStateSchema = z.object({
  plan: z.enum(PLAN_STATES),
  provider: z.enum(PAYMENT_PROVIDERS),
  subscription: subscriptionViewSchema.nullable(),
  proUntil: z.iso.datetime({ offset: true }).nullable(),
  basicUntil: z.iso.datetime({ offset: true }).nullable(),
  /** False once the promo has been bought (it is once per user). */
  promoAvailable: z.boolean(),
  /**
   * The plan that lapsed, when the user has no paid plan now: its tier and the moment its access
   * ended (the period's end after Cancel, or the grace's end after a failed renewal), so the
   * account page can say "Your Basic plan ended on Dec 3" instead of only "Free Plan".
   */
  ended: z.object({ tier: z.enum(PAID_TIERS), endedAt: z.iso.datetime({ offset: true }) }).nullable(),
  /**
   * While the plan is the trial: when it ends (entitlements.ts trialEndsAt). A trial can outlast a
   * paid plan that ended, and the account page says both in one line; null on any other plan.
   */
  trialEndsAt: z.iso.datetime({ offset: true }).nullable(),
  /** Set after a renewal failed, until it is paid or access ends: what the account page tells the user. */
  notice: z.enum(['renewal_failed']).nullable(),
});
export type BillingState = z.infer<typeof billingStateSchema>;

/** POST /api/billing/cancel and /api/billing/resume take no body; {} is accepted. */
export const emptyBodySchema = z.strictObject({});

/** GET /api/referral (and the answer of POST /api/referral/redeem). */
export const referralStateSchema = z.object({
  code: z.string(),
  /**
   * The sign-up link to share: absolute on the server's configured PUBLIC_URL, else the path
   * `/auth?ref=CODE`, which the page completes with its own origin (never the request's Host).
   */
  link: z.string(),
  freeProMonthsRemaining: z.number().int(),
  /** What one referral is worth: a Pro month at the catalogue's price, in cents. */
  valuePerReferralCents: z.number().int(),
  /** People who signed up through the link, and of those, how many earned a month. */
  signedUp: z.number().int(),
  credited: z.number().int(),
  /**
   * Of those, the ones that earn nothing because they look like the user's own second account
   * (docs/decisions/0016): signed up from the user's browser or a network they used in the last
   * 30 days, or paid with a card the user or another of their referrals paid with.
   */
  notEligible: z.object({ sameDeviceOrNetwork: z.number().int(), sameCard: z.number().int() }),
  /** Pro access from redeemed months ends here (null when none is running). */
  proUntil: z.iso.datetime({ offset: true }).nullable(),
});
export type ReferralState = z.infer<typeof referralStateSchema>;

/** A referral code in a link or a sign-up body: what users.referral_code holds. */
export const referralCodeSchema = safeString().trim().regex(/^[A-Za-z0-9_-]{4,32}$/, 'Invalid referral code');

/** GET /api/referral/codes/:code: whether a sign-up with this code would record a referral, and nothing about whose it is. */
export const referralCodeCheckSchema = z.object({ valid: z.boolean() });
export type ReferralCodeCheck = z.infer<typeof referralCodeCheckSchema>;
