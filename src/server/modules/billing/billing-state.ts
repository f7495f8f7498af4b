import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PlanCatalogue } from '#shared/plans.js';
import type { BillingState, PaymentProvider, SubscriptionView } from '#shared/schemas/billing.js';
import type { Db, Executor } from '../../db/client.js';
import { payments, subscriptions, users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { DAY_MS } from '#shared/time.js';
import { graceEndsAt, planOf, RENEWAL_GRACE_DAYS, subscriptionAccessUntil, trialEndsAt } from './entitlements.js';
import { applyBillingEvent } from './events.js';
import { UNREACHABLE_MESSAGES, whenReachable, type PaymentProviderApi } from './provider.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function subscriptionsOf(db: Executor, userId: number): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.id));
}

/** Giving access right now: active to its period end, or past_due within the grace. */
export function isLive(sub: SubscriptionRow, now: Date): boolean {
  const until = subscriptionAccessUntil(sub);
  return until !== null && now < until;
}

/**
 * The subscription the account page is about: a live one (Pro before Basic, then the later
 * period end), else the latest that was ever paid for or ended; abandoned checkouts (never paid)
 * are not shown.
 */
export function primarySubscription(subs: SubscriptionRow[], now: Date): SubscriptionRow | null {
  const live = subs.filter((s) => isLive(s, now));
  if (live.length > 0) {
    return [...live].sort((a, b) => (a.tier === b.tier ? b.currentPeriodEnd.getTime() - a.currentPeriodEnd.getTime() : a.tier === 'pro' ? -1 : 1))[0] ?? null;
  }
  return subs.find((s) => s.status !== 'incomplete' && s.status !== 'incomplete_expired') ?? null;
}

function toView(sub: SubscriptionRow, plans: PlanCatalogue, promoPriceActive: boolean): SubscriptionView {
  const grace = graceEndsAt(sub);
  return {
    id: sub.providerSubscriptionId,
    tier: sub.tier,
    promo: sub.promo,
    promoPriceActive,
    status: sub.status,
    // The promo's later months are at the full Pro price.
    renewalPriceCents: sub.tier === 'pro' ? plans.pro.priceCents : plans.basic.priceCents,
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    graceEndsAt: grace?.toISOString() ?? null,
  };
}

/**
 * Whether a promo subscription is still in the month paid at the launch price: active, and no
 * renewal invoice (paid or failed) exists for it yet. The first renewal is at the full price
 * (checkout.ts prices), so from then on the launch special no longer applies.
 */
async function promoPriceActive(db: Db, sub: SubscriptionRow): Promise<boolean> {
  if (!sub.promo || sub.status !== 'active') return false;
  const renewals = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.subscriptionId, sub.id), eq(payments.billingReason, 'subscription_cycle'), inArray(payments.status, ['succeeded', 'failed'])))
    .limit(1);
  return renewals.length === 0;
}

/**
 * When an ended subscription stopped giving access: the grace's end when a renewal failed and
 * was never paid, else the end of the last period paid for (Cancel at the period end).
 */
function endedAt(sub: SubscriptionRow): Date {
  const paid = sub.paidThrough ?? sub.currentPeriodEnd;
  const unpaid = sub.unpaidThrough !== null && sub.unpaidThrough > paid;
  return unpaid ? new Date(paid.getTime() + RENEWAL_GRACE_DAYS * DAY_MS) : paid;
}

const future = (d: Date | null, now: Date) => (d && now < d ? d : null);
const laterOf = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);

/** GET /api/billing: what the user has and why, read fresh (the session's row predates this request's changes). */
export async function billingState(db: Db, provider: PaymentProvider, userId: number, plans: PlanCatalogue, now: Date): Promise<BillingState> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(404, 'User not found.');
  const primary = primarySubscription(await subscriptionsOf(db, userId), now);
  const proUntil = future(laterOf(user.proUntil, user.referralProUntil), now);
  const basicUntil = future(user.basicUntil, now);
  const inGrace = primary?.status === 'past_due' && isLive(primary, now);
  const plan = planOf(user, plans, now);
  // Only a plan that gave access and is over; referral months or a trial running now say nothing of it.
  const lapsed = primary && !isLive(primary, now) && (plan === 'free' || plan === 'trial') ? primary : null;
  return {
    plan,
    provider,
    subscription: primary ? toView(primary, plans, await promoPriceActive(db, primary)) : null,
    ended: lapsed ? { tier: lapsed.tier, endedAt: endedAt(lapsed).toISOString() } : null,
    trialEndsAt: plan === 'trial' ? (trialEndsAt(user, plans)?.toISOString() ?? null) : null,
    proUntil: proUntil?.toISOString() ?? null,
    basicUntil: basicUntil?.toISOString() ?? null,
    promoAvailable: !user.hasUsedProPromo,
    notice: inGrace ? 'renewal_failed' : null,
  };
}

/**
 * Cancel (access continues to the period end, nothing renews) or Resume (undo that before the
 * period ends), for the subscription the account page shows. The provider is told first; its
 * answer is applied through the event handler like any other event.
 */
export async function setCancelAtPeriodEnd(
  deps: { db: Db; provider: PaymentProviderApi; plans: PlanCatalogue; now: () => Date },
  user: UserRow,
  cancel: boolean,
): Promise<BillingState> {
  return whenReachable(UNREACHABLE_MESSAGES.change, () => changeCancelAtPeriodEnd(deps, user, cancel));
}

async function changeCancelAtPeriodEnd(
  deps: { db: Db; provider: PaymentProviderApi; plans: PlanCatalogue; now: () => Date },
  user: UserRow,
  cancel: boolean,
): Promise<BillingState> {
  const now = deps.now();
  const primary = primarySubscription(await subscriptionsOf(deps.db, user.id), now);
  if (!primary || !isLive(primary, now)) {
    throw new HttpError(409, cancel ? 'You have no active subscription to cancel.' : 'You have no subscription to resume. Choose a plan to subscribe again.');
  }
  if (primary.cancelAtPeriodEnd !== cancel) {
    const snapshot = await deps.provider.setCancelAtPeriodEnd(primary.providerSubscriptionId, cancel);
    // Each Cancel or Resume is its own change, so its id is new each time (a stable one would make a second Cancel a duplicate).
    await applyBillingEvent(deps.db, deps.provider.name, { eventId: `sync:${primary.providerSubscriptionId}:${cancel ? 'cancel' : 'resume'}:${randomUUID()}`, type: 'subscription.updated', subscription: snapshot }, now);
  }
  return billingState(deps.db, deps.provider.name, user.id, deps.plans, now);
}

/**
 * Before an account is deleted: nothing may renew for a person who is gone. Each live
 * subscription is told to end at its period end (no refund: the terms), through the provider and
 * then the event handler; the records stay, detached from the person (product §10.2).
 */
export async function stopRenewals(deps: { db: Db; provider: PaymentProviderApi; now: () => Date }, userId: number): Promise<void> {
  return whenReachable(UNREACHABLE_MESSAGES.deleteAccount, () => stopEachRenewal(deps, userId));
}

async function stopEachRenewal(deps: { db: Db; provider: PaymentProviderApi; now: () => Date }, userId: number): Promise<void> {
  const now = deps.now();
  for (const sub of await subscriptionsOf(deps.db, userId)) {
    if (sub.provider !== deps.provider.name || !isLive(sub, now) || sub.cancelAtPeriodEnd) continue;
    const snapshot = await deps.provider.setCancelAtPeriodEnd(sub.providerSubscriptionId, true);
    await applyBillingEvent(deps.db, deps.provider.name, { eventId: `deleted-account:${sub.providerSubscriptionId}`, type: 'subscription.updated', subscription: snapshot }, now);
  }
}
