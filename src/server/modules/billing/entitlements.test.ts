import { describe, expect, it } from 'vitest';
import { buildPlanCatalogue } from '#shared/plans.js';
import type { UserRow } from '../../db/schema/index.js';
import { accessFromSubscriptions, chatAccess, graceEndsAt, hasBasicAccess, hasCoachingFeatures, hasProAccess, planOf, RENEWAL_GRACE_DAYS, subscriptionAccessUntil } from './entitlements.js';
import type { BillingEvent } from './provider.js';
import { applyToSubscription, type SubscriptionFacts } from './subscription-state.js';

const DAY = 86_400_000;
const now = new Date('2026-03-01T00:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * DAY);
const plans = buildPlanCatalogue(0);

const user = (over: Partial<UserRow> = {}): UserRow =>
  ({ isAdmin: false, basicUntil: null, proUntil: null, referralProUntil: null, freeSessionExpiresAt: null, createdAt: days(-100), ...over }) as UserRow;

describe('access', () => {
  it('Pro from a subscription or from referral months; Basic from Basic or anything that gives Pro; only while it lasts', () => {
    expect([hasBasicAccess(user(), now), hasProAccess(user(), now)]).toEqual([false, false]);
    expect([hasBasicAccess(user({ basicUntil: days(1) }), now), hasProAccess(user({ basicUntil: days(1) }), now)]).toEqual([true, false]);
    expect([hasBasicAccess(user({ proUntil: days(1) }), now), hasProAccess(user({ proUntil: days(1) }), now)]).toEqual([true, true]);
    expect(hasProAccess(user({ referralProUntil: days(1) }), now)).toBe(true);
    expect(hasBasicAccess(user({ basicUntil: now, proUntil: days(-1), referralProUntil: days(-5) }), now)).toBe(false);
  });

  it('the plan and the chat access follow', () => {
    expect([planOf(user({ proUntil: days(3) }), plans, now), chatAccess(user({ proUntil: days(3) }), plans, now)]).toEqual(['pro', 'paid']);
    expect([planOf(user({ basicUntil: days(3) }), plans, now), chatAccess(user({ basicUntil: days(3) }), plans, now)]).toEqual(['basic', 'paid']);
    expect(planOf(user({ basicUntil: days(-1) }), plans, now)).toBe('free');
    expect(planOf(user({ isAdmin: true, proUntil: days(3) }), plans, now)).toBe('admin');
  });

  it('coaching features (objection drills) for the trial, Basic, Pro and admins, not the free tier', () => {
    const withTrial = buildPlanCatalogue(30);
    expect(hasCoachingFeatures(user(), plans, now)).toBe(false);
    expect(hasCoachingFeatures(user({ freeSessionExpiresAt: days(2) }), withTrial, now)).toBe(true);
    expect(hasCoachingFeatures(user({ freeSessionExpiresAt: days(-1) }), withTrial, now)).toBe(false);
    expect(hasCoachingFeatures(user({ basicUntil: days(1) }), plans, now)).toBe(true);
    expect(hasCoachingFeatures(user({ proUntil: days(1) }), plans, now)).toBe(true);
    expect(hasCoachingFeatures(user({ isAdmin: true }), plans, now)).toBe(true);
  });

  it('per subscription: active to the period end, past_due through the grace from the last paid period, nothing otherwise', () => {
    const base = { currentPeriodEnd: days(10), paidThrough: days(10) };
    expect(subscriptionAccessUntil({ ...base, status: 'active' })).toEqual(days(10));
    expect(subscriptionAccessUntil({ ...base, status: 'past_due', currentPeriodEnd: days(40) })).toEqual(days(10 + RENEWAL_GRACE_DAYS));
    expect(graceEndsAt({ ...base, status: 'active' })).toBeNull();
    for (const status of ['incomplete', 'canceled', 'incomplete_expired'] as const) expect(subscriptionAccessUntil({ ...base, status })).toBeNull();
    expect(
      accessFromSubscriptions([
        { ...base, status: 'active', tier: 'basic' },
        { ...base, status: 'canceled', tier: 'pro', currentPeriodEnd: days(90) },
        { ...base, status: 'active', tier: 'pro', currentPeriodEnd: days(20) },
      ]),
    ).toEqual({ basicUntil: days(10), proUntil: days(20) });
  });
});

const fresh: SubscriptionFacts = { status: 'incomplete', currentPeriodEnd: days(30), cancelAtPeriodEnd: false, paidThrough: null, unpaidThrough: null };
const inv = (periodEnd: Date, billingReason: 'subscription_create' | 'subscription_cycle', failed = false) => ({
  invoiceId: `in_${periodEnd.getTime()}`,
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  paymentIntentId: null,
  amountPaidCents: failed ? 0 : 499,
  billingReason,
  periodEnd,
  failureMessage: failed ? 'Your card was declined.' : null,
});
const snap = (status: SubscriptionFacts['status'], periodEnd: Date, cancel = false) => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  status,
  currentPeriodEnd: periodEnd,
  cancelAtPeriodEnd: cancel,
  userId: 1,
});

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}
const run = (events: BillingEvent[]) => events.reduce(applyToSubscription, fresh);

describe('subscription events in any order', () => {
  const cases: [string, BillingEvent[], Partial<SubscriptionFacts>][] = [
    [
      'paid, renewed, cancelled, ended',
      [
        { eventId: 'a', type: 'invoice.paid', invoice: inv(days(30), 'subscription_create') },
        { eventId: 'b', type: 'subscription.updated', subscription: snap('active', days(30)) },
        { eventId: 'c', type: 'invoice.paid', invoice: inv(days(60), 'subscription_cycle') },
        { eventId: 'd', type: 'subscription.updated', subscription: snap('active', days(60), true) },
        { eventId: 'e', type: 'subscription.deleted', subscription: snap('canceled', days(60), true) },
      ],
      { status: 'canceled', currentPeriodEnd: days(60), paidThrough: days(60), cancelAtPeriodEnd: true },
    ],
    [
      'paid, renewal failed (Stripe moves the period), still unpaid',
      [
        { eventId: 'a', type: 'invoice.paid', invoice: inv(days(30), 'subscription_create') },
        { eventId: 'b', type: 'subscription.updated', subscription: snap('active', days(30)) },
        { eventId: 'c', type: 'invoice.payment_failed', invoice: inv(days(60), 'subscription_cycle', true) },
        { eventId: 'd', type: 'subscription.updated', subscription: snap('past_due', days(60)) },
      ],
      { status: 'past_due', currentPeriodEnd: days(60), paidThrough: days(30), unpaidThrough: days(60) },
    ],
    [
      'renewal failed, then paid on a retry',
      [
        { eventId: 'a', type: 'invoice.paid', invoice: inv(days(30), 'subscription_create') },
        { eventId: 'c', type: 'invoice.payment_failed', invoice: inv(days(60), 'subscription_cycle', true) },
        { eventId: 'd', type: 'subscription.updated', subscription: snap('past_due', days(60)) },
        { eventId: 'e', type: 'invoice.paid', invoice: inv(days(60), 'subscription_cycle') },
        { eventId: 'f', type: 'subscription.updated', subscription: snap('active', days(60)) },
      ],
      { status: 'active', currentPeriodEnd: days(60), paidThrough: days(60) },
    ],
    [
      'a first payment declined, then paid',
      [
        { eventId: 'a', type: 'invoice.payment_failed', invoice: inv(days(30), 'subscription_create', true) },
        { eventId: 'b', type: 'invoice.paid', invoice: inv(days(30), 'subscription_create') },
        { eventId: 'c', type: 'subscription.updated', subscription: snap('incomplete', days(30)) },
        { eventId: 'd', type: 'subscription.updated', subscription: snap('active', days(30)) },
      ],
      { status: 'active', paidThrough: days(30), unpaidThrough: null },
    ],
  ];

  for (const [name, events, expected] of cases) {
    it(`${name}: every order, with duplicates, ends the same`, () => {
      const finals = permutations(events).map(run);
      for (const final of finals) expect(final).toMatchObject(expected);
      // Applying any event again changes nothing.
      for (const final of finals) for (const e of events) expect(applyToSubscription(final, e)).toMatchObject(expected);
    });
  }
});
