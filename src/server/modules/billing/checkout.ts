import { and, desc, eq } from 'drizzle-orm';
import type { PlanCatalogue } from '../../../shared/plans.js';
import { formatMonthly } from '../../../shared/plans.js';
import type { BillingState, CheckoutPlan, CreateSubscriptionResult, PaidTier, PaymentSuccessInput } from '../../../shared/schemas/billing.js';
import type { Db } from '../../db/client.js';
import { subscriptions, users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { billingState, isLive, subscriptionsOf, type SubscriptionRow } from './billing-state.js';
import { graceEndsAt } from './entitlements.js';
import { applyBillingEvent, type ApplyOutcome } from './events.js';
import type { BillingEvent, InvoiceSnapshot, PaymentProviderApi, SubscriptionSnapshot } from './provider.js';

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

/**
 * POST /api/create-{basic,pro,pro-promo}-subscription. The checkout attempt's id, with the user,
 * is the idempotency key at our table and at the provider: a double-clicked Pay or a retried
 * request returns the same subscription and never makes a second.
 */
export async function createSubscription(deps: CheckoutDeps, user: UserRow, plan: CheckoutPlan, attemptId: string): Promise<CreateSubscriptionResult> {
  const { db, provider, plans } = deps;
  const now = deps.now();
  const idempotencyKey = `u${user.id}:${attemptId}`;
  const tier = TIER[plan];
  const promo = plan === 'proPromo';
  const subs = await subscriptionsOf(db, user.id);
  const existing = subs.find((s) => s.idempotencyKey === idempotencyKey);
  if (existing && (existing.tier !== tier || existing.promo !== promo)) {
    throw new HttpError(409, 'This checkout was started for another plan. Reload the page to start again.');
  }
  if (!existing) assertMayBuy(user, subs, plan, plans, now);

  // One customer per user and provider: a sandbox customer means nothing to Stripe.
  const customerId = existing?.providerCustomerId ?? subs.find((s) => s.provider === provider.name)?.providerCustomerId ?? null;
  const amounts = prices(plan, plans);
  const created = await provider.createSubscription({
    userId: user.id,
    email: user.email,
    customerId,
    plan,
    firstAmountCents: amounts.first,
    renewalAmountCents: amounts.renewal,
    idempotencyKey,
  });
  await db
    .insert(subscriptions)
    .values({
      userId: user.id,
      provider: provider.name,
      providerSubscriptionId: created.subscriptionId,
      providerCustomerId: created.customerId,
      tier,
      promo,
      // Whatever the provider said, nothing is given until a payment is confirmed (events.ts).
      status: 'incomplete',
      currentPeriodEnd: created.currentPeriodEnd,
      idempotencyKey,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  if (provider.name === 'stripe') {
    await db.update(users).set({ stripeCustomerId: created.customerId, stripeSubscriptionId: created.subscriptionId }).where(eq(users.id, user.id));
  }
  return {
    provider: provider.name,
    publishableKey: provider.publicConfig.publishableKey,
    subscriptionId: created.subscriptionId,
    clientSecret: created.clientSecret,
    plan,
    amountCents: amounts.first,
  };
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
  const outcome = await applyBillingEvent(deps.db, deps.provider.name, event, now);
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
  const { db, provider } = deps;
  const [own] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider.name), eq(subscriptions.providerSubscriptionId, input.subscriptionId), eq(subscriptions.userId, user.id)))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  if (!own) throw notFound();
  const { subscription, latestInvoice } = await provider.retrieve(own.providerSubscriptionId);
  if (subscription.userId !== null && subscription.userId !== user.id) throw notFound();
  const now = deps.now();
  for (const event of recheckEvents(subscription, latestInvoice)) await handleProviderEvent(deps, event);
  return billingState(db, provider.name, user.id, deps.plans, now);
}
