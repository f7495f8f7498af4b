import { and, desc, eq } from 'drizzle-orm';
import type { PlanCatalogue } from '#shared/plans.js';
import { formatMonthly } from '#shared/plans.js';
import type { BillingState, CheckoutPlan, CreateSubscriptionResult, PaidTier, PaymentSuccessInput } from '#shared/schemas/billing.js';
import type { Db } from '../../db/client.js';
import { withRetry } from '../../db/errors.js';
import { subscriptions, users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { billingState, isLive, subscriptionsOf, type SubscriptionRow } from './billing-state.js';
import { graceEndsAt } from './entitlements.js';
import { applyBillingEvent, type ApplyOutcome } from './events.js';
import { lockUser } from './free-tier.js';
import type { BillingEvent, CreatedSubscription, InvoiceSnapshot, PaymentProviderApi, SubscriptionSnapshot } from './provider.js';
import { UNREACHABLE_MESSAGES, whenReachable, withCardFingerprint } from './provider.js';

export interface CheckoutDeps {
  db: Db;
  provider: PaymentProviderApi;
  plans: PlanCatalogue;
  now: () => Date;
}

const TIER: Record<CheckoutPlan, PaidTier> = { basic: 'basic', pro: 'pro', proPromo: 'pro' };

function prices(plan: CheckoutPlan, plans: PlanCatalogue): { first: number; renewal: number } {
  if (plan === 'basic') return { first: plans.basic.priceCents, renewal: plans.basic.priceCents };
  if (plan === 'pro') return { first: plans.pro.priceCents, renewal: plans.pro.priceCents };
  return { first: plans.proPromo.priceCents, renewal: plans.proPromo.thenPriceCents };
}

/**
 * Who may buy what (the simplest honest rule): one live plan at a time, except that Basic can be
 * upgraded to Pro. Buying the plan one has (or Basic while on Pro) is refused with where to
 * manage it; to come back after Cancel, Resume is the way, not a second subscription. A Basic
 * that is upgraded ends at its paid period's end instead of renewing (keepOneRenewing):
 * what was paid is not refunded (the terms: fees are non-refundable) and nothing is charged twice.
 */
function assertMayBuy(user: UserRow, subs: SubscriptionRow[], plan: CheckoutPlan, plans: PlanCatalogue, now: Date): void {
  if (plan === 'proPromo' && user.hasUsedProPromo) {
    throw new HttpError(409, `The Pro launch special is once per account, and you have already used it. Pro is ${formatMonthly(plans.pro.priceCents)}.`);
  }
  const live = subs.filter((s) => isLive(s, now));
  const unpaid = live.find((s) => s.status === 'past_due' && (s.tier === 'pro' || TIER[plan] === 'basic'));
  const graceEnd = unpaid && graceEndsAt(unpaid);
  if (graceEnd) {
    // A second subscription now could be charged twice if the provider's retry of the failed renewal succeeds later.
    throw new HttpError(409, `Your last renewal payment failed. Your plan continues until ${graceEnd.toISOString().slice(0, 10)}; after that you can subscribe again.`);
  }
  if (live.some((s) => s.tier === 'pro' && !s.cancelAtPeriodEnd)) {
    throw new HttpError(409, 'You already have Pro, which includes everything in Basic. Your plan and its renewal date are on your account page.');
  }
  const ending = live.find((s) => s.cancelAtPeriodEnd && (s.tier === 'pro' || TIER[plan] === 'basic'));
  if (ending) {
    const name = ending.tier === 'pro' ? 'Pro' : 'Basic Access';
    throw new HttpError(409, `Your ${name} plan is set to end on ${ending.currentPeriodEnd.toISOString().slice(0, 10)}. To keep it, choose Resume on your account page.`);
  }
  if (TIER[plan] === 'basic' && live.some((s) => s.tier === 'basic')) {
    throw new HttpError(409, 'You already have Basic Access. Your plan and its renewal date are on your account page.');
  }
}

const anotherPlan = () => new HttpError(409, 'This checkout was started for another plan. Reload the page to start again.');

/**
 * A promo checkout's row, written before the provider is asked (claimPromoCheckout), carries this
 * in place of the provider's subscription id until the provider's answer fills it in.
 */
const PENDING_PREFIX = 'pending:';
export const isPendingClaim = (sub: Pick<SubscriptionRow, 'providerSubscriptionId'>) => sub.providerSubscriptionId.startsWith(PENDING_PREFIX);

/**
 * POST /api/create-{basic,pro,pro-promo}-subscription. The checkout attempt's id, with the user,
 * is the idempotency key at our table and at the provider: a double-clicked Pay or a retried
 * request returns the same subscription and never makes a second.
 */
export async function createSubscription(deps: CheckoutDeps, user: UserRow, plan: CheckoutPlan, attemptId: string): Promise<CreateSubscriptionResult> {
  return whenReachable(UNREACHABLE_MESSAGES.checkout, () => openCheckout(deps, user, plan, attemptId));
}

async function openCheckout(deps: CheckoutDeps, user: UserRow, plan: CheckoutPlan, attemptId: string): Promise<CreateSubscriptionResult> {
  if (plan === 'proPromo') return createPromoSubscription(deps, user, `u${user.id}:${attemptId}`);
  const { db, provider, plans } = deps;
  const now = deps.now();
  const idempotencyKey = `u${user.id}:${attemptId}`;
  const tier = TIER[plan];
  const subs = await subscriptionsOf(db, user.id);
  const existing = subs.find((s) => s.idempotencyKey === idempotencyKey);
  if (existing && (existing.tier !== tier || existing.promo)) throw anotherPlan();
  if (!existing) assertMayBuy(user, subs, plan, plans, now);

  // One customer per user and provider: a sandbox customer means nothing to Stripe.
  const customerId = existing?.providerCustomerId ?? customerOf(subs, provider) ?? null;
  const created = await provider.createSubscription(subscriptionRequest(deps, user, plan, customerId, idempotencyKey));
  await db
    .insert(subscriptions)
    .values({
      userId: user.id,
      provider: provider.name,
      providerSubscriptionId: created.subscriptionId,
      providerCustomerId: created.customerId,
      tier,
      promo: false,
      // Whatever the provider said, nothing is given until a payment is confirmed (events.ts).
      status: 'incomplete',
      currentPeriodEnd: created.currentPeriodEnd,
      idempotencyKey,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return checkoutResult(deps, user, plan, created);
}

const customerOf = (subs: SubscriptionRow[], provider: PaymentProviderApi) =>
  subs.find((s) => s.provider === provider.name && !isPendingClaim(s) && s.providerCustomerId !== '')?.providerCustomerId;

function subscriptionRequest(deps: CheckoutDeps, user: UserRow, plan: CheckoutPlan, customerId: string | null, idempotencyKey: string) {
  const amounts = prices(plan, deps.plans);
  return { userId: user.id, email: user.email, customerId, plan, firstAmountCents: amounts.first, renewalAmountCents: amounts.renewal, idempotencyKey };
}

async function checkoutResult(deps: CheckoutDeps, user: UserRow, plan: CheckoutPlan, created: CreatedSubscription): Promise<CreateSubscriptionResult> {
  const { db, provider } = deps;
  if (provider.name === 'stripe') {
    await db.update(users).set({ stripeCustomerId: created.customerId, stripeSubscriptionId: created.subscriptionId }).where(eq(users.id, user.id));
  }
  return {
    provider: provider.name,
    publishableKey: provider.publicConfig.publishableKey,
    subscriptionId: created.subscriptionId,
    clientSecret: created.clientSecret,
    plan,
    amountCents: prices(plan, deps.plans).first,
  };
}

/**
 * The Pro launch promo is once per user (product §3), and the payment itself happens where we
 * cannot refuse it (Stripe.js in the browser pays whatever subscription it holds a client secret
 * for). So the promo is claimed when a checkout opens: a user has at most one promo checkout
 * that can be paid. However many promo checkouts start at once, or in a second tab, or after a
 * reload, they all continue that one (the same subscription and payment, so paying "each" pays
 * once), until it is paid (then the promo is used: 409) or the provider has expired it unpaid
 * (Stripe after 23 hours, the sandbox's hourly renewal run once it is 23 hours old; then a new
 * one may start).
 */
async function createPromoSubscription(deps: CheckoutDeps, user: UserRow, idempotencyKey: string): Promise<CreateSubscriptionResult> {
  await refreshOpenPromoCheckouts(deps, user.id);
  const claim = await claimPromoCheckout(deps, user.id, idempotencyKey);
  const customerId = claim.providerCustomerId === '' ? null : claim.providerCustomerId;
  // The claim's own key: continuing the open checkout asks the provider for the same subscription again.
  const created = await deps.provider.createSubscription(subscriptionRequest(deps, user, 'proPromo', customerId, claim.idempotencyKey));
  if (isPendingClaim(claim)) {
    // Only while still pending: a later answer for the same claim is the same, and events may have moved the period on since.
    await deps.db
      .update(subscriptions)
      .set({ providerSubscriptionId: created.subscriptionId, providerCustomerId: created.customerId, currentPeriodEnd: created.currentPeriodEnd, updatedAt: deps.now() })
      .where(and(eq(subscriptions.id, claim.id), eq(subscriptions.providerSubscriptionId, claim.providerSubscriptionId)));
  }
  return checkoutResult(deps, user, 'proPromo', created);
}

/**
 * Our rows of the user's unpaid promo checkouts, brought up to the provider's word, newest first,
 * until one is still open: one paid meanwhile (its webhook not yet here) uses the promo, one the
 * provider expired frees it. A lost webhook can then neither hold the promo for ever nor let a
 * second payable promo checkout be made.
 */
async function refreshOpenPromoCheckouts(deps: CheckoutDeps, userId: number): Promise<void> {
  const unpaid = (await subscriptionsOf(deps.db, userId)).filter((s) => s.promo && s.provider === deps.provider.name && s.status === 'incomplete' && !isPendingClaim(s));
  for (const sub of unpaid) {
    const { subscription, latestInvoice } = await deps.provider.retrieve(sub.providerSubscriptionId);
    for (const event of recheckEvents(subscription, latestInvoice)) await handleProviderEvent(deps, event);
    if (subscription.status === 'incomplete') return;
  }
}

/**
 * The claim itself, atomic: under the user's row lock (taken first, as by every transaction that
 * writes the user), the user's promo flag and checkouts are read fresh; the open promo checkout
 * is continued, or a new one is written before the provider is asked, so a concurrent claim that
 * waited for the lock finds it. Nothing slow happens under the lock.
 */
async function claimPromoCheckout(deps: CheckoutDeps, userId: number, idempotencyKey: string): Promise<SubscriptionRow> {
  const { db, provider, plans } = deps;
  return withRetry(() =>
    db.transaction(async (tx) => {
      const now = deps.now();
      const user = await lockUser(tx, userId);
      if (!user) throw new HttpError(401, 'Please sign in to continue.');
      const subs = await subscriptionsOf(tx, userId);
      const own = subs.find((s) => s.idempotencyKey === idempotencyKey);
      if (own && !own.promo) throw anotherPlan();
      if (own) return own;
      assertMayBuy(user, subs, 'proPromo', plans, now);
      const open = subs.find((s) => s.promo && s.provider === provider.name && s.status === 'incomplete');
      if (open) return open;
      const [claim] = await tx
        .insert(subscriptions)
        .values({
          userId,
          provider: provider.name,
          providerSubscriptionId: `${PENDING_PREFIX}${idempotencyKey}`,
          // The customer the provider is asked with; '' for none yet (the provider makes one).
          providerCustomerId: customerOf(subs, provider) ?? '',
          tier: 'pro',
          promo: true,
          status: 'incomplete',
          currentPeriodEnd: now,
          idempotencyKey,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!claim) throw new Error('the promo checkout insert returned nothing');
      return claim;
    }),
  );
}

/**
 * The events a re-check stands for, with ids made from what they state: asking again with
 * nothing changed gives the same ids, which are then duplicates. An invoice counts as paid only
 * when the provider shows money received for it.
 */
export function recheckEvents(subscription: SubscriptionSnapshot, invoice: InvoiceSnapshot | null): BillingEvent[] {
  const events: BillingEvent[] = [];
  if (invoice && invoice.subscriptionId === subscription.subscriptionId) {
    if (invoice.failureMessage === null && invoice.amountPaidCents > 0) events.push({ eventId: `recheck:${invoice.invoiceId}:paid`, type: 'invoice.paid', invoice });
    else if (invoice.failureMessage !== null) events.push({ eventId: `recheck:${invoice.invoiceId}:failed`, type: 'invoice.payment_failed', invoice });
  }
  const state = `${subscription.status}:${subscription.currentPeriodEnd.getTime()}:${subscription.cancelAtPeriodEnd ? 1 : 0}`;
  events.push({ eventId: `recheck:${subscription.subscriptionId}:${state}`, type: 'subscription.updated', subscription });
  return events;
}

type ProviderDeps = Pick<CheckoutDeps, 'db' | 'provider' | 'now'>;

/**
 * One plan renews at a time: once a payment is confirmed, every other live subscription of the
 * user that would renew (the Basic they upgraded from, a duplicate paid in a second tab) is told
 * to end at its period end. Pro is kept over Basic, then the newest.
 */
async function keepOneRenewing(deps: ProviderDeps, userId: number, now: Date): Promise<void> {
  const renewing = (await subscriptionsOf(deps.db, userId))
    .filter((s) => s.provider === deps.provider.name && isLive(s, now) && !s.cancelAtPeriodEnd)
    .sort((a, b) => (a.tier === b.tier ? b.id - a.id : a.tier === 'pro' ? -1 : 1));
  for (const extra of renewing.slice(1)) {
    const snapshot = await deps.provider.setCancelAtPeriodEnd(extra.providerSubscriptionId, true);
    await applyBillingEvent(deps.db, deps.provider.name, { eventId: `superseded:${extra.providerSubscriptionId}:cancel`, type: 'subscription.updated', subscription: snapshot }, now);
  }
}

/**
 * A verified event from the provider (a webhook, the sandbox's own payments and renewals):
 * applied by the one handler, then what a confirmed payment sets off that needs the provider
 * (keepOneRenewing). A failure there answers the webhook with an error, so the provider
 * delivers again; the event itself is then a duplicate and only the follow-up reruns.
 */
export async function handleProviderEvent(deps: ProviderDeps, event: BillingEvent): Promise<ApplyOutcome> {
  const now = deps.now();
  // The paying card's fingerprint, when the provider can name it, for the referral checks (docs/decisions/0016).
  const outcome = await applyBillingEvent(deps.db, deps.provider.name, await withCardFingerprint(deps.provider, event), now);
  if (event.type === 'invoice.paid' && outcome !== 'unknown_subscription') {
    const [sub] = await deps.db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, deps.provider.name), eq(subscriptions.providerSubscriptionId, event.invoice.subscriptionId)));
    if (sub?.userId) await keepOneRenewing(deps, sub.userId, now);
  }
  return outcome;
}

const notFound = () => new HttpError(404, 'Subscription not found.');

/**
 * POST /api/payment-success: the browser's hint that it paid. It grants nothing by itself: the
 * server asks the provider about the caller's own subscription and applies what the provider
 * says through the one event handler. Another user's subscription, or an id we never made,
 * answers 404 and changes nothing.
 */
export async function confirmPaymentSuccess(deps: CheckoutDeps, user: UserRow, input: PaymentSuccessInput): Promise<BillingState> {
  return whenReachable(UNREACHABLE_MESSAGES.check, () => recheckPayment(deps, user, input));
}

async function recheckPayment(deps: CheckoutDeps, user: UserRow, input: PaymentSuccessInput): Promise<BillingState> {
  const { db, provider } = deps;
  const [own] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider.name), eq(subscriptions.providerSubscriptionId, input.subscriptionId), eq(subscriptions.userId, user.id)))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  // A promo checkout still waiting for the provider's id has nothing to ask the provider about.
  if (!own || isPendingClaim(own)) throw notFound();
  const { subscription, latestInvoice } = await provider.retrieve(own.providerSubscriptionId);
  if (subscription.userId !== null && subscription.userId !== user.id) throw notFound();
  const now = deps.now();
  for (const event of recheckEvents(subscription, latestInvoice)) await handleProviderEvent(deps, event);
  return billingState(db, provider.name, user.id, deps.plans, now);
}
