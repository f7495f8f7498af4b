import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateSubscriptionResult } from '#shared/schemas/billing.js';
import { payments, providerEvents, referralCredits, subscriptions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { billing, me, startCheckout } from '../../test/billing.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { fakeProvider, type FakeProvider } from '../../test/fake-provider.js';
import type { BillingEvent, InvoiceSnapshot, SubscriptionSnapshot } from './provider.js';

/*
 * Provider events through the real webhook route, signed by a fake provider (test/fake-provider.ts):
 * each is applied once, whatever the duplicates, the concurrency and the order.
 */

const DAY = 86_400_000;
let t: TestApp;
let fake: FakeProvider;

beforeAll(async () => {
  let now = () => new Date();
  fake = fakeProvider(() => now());
  t = await buildTestApp({ TRIAL_DAYS: '0' }, { billingProvider: fake });
  now = t.clock.now;
});
afterAll(async () => {
  await t.close();
});

const deliver = (event: BillingEvent) => {
  const { body, headers } = fake.deliveryOf(event);
  return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers, payload: body });
};

async function checkout(u: SignedInUser, plan: 'basic' | 'pro' | 'proPromo' = 'pro') {
  const res = await startCheckout(t, u, plan);
  expect(res.statusCode).toBe(200);
  return res.json<CreateSubscriptionResult>();
}

const at = (days: number) => new Date(t.clock.now().getTime() + days * DAY);
let seq = 0;

function invoice(sub: CreateSubscriptionResult, over: Partial<InvoiceSnapshot> = {}): InvoiceSnapshot {
  seq += 1;
  return {
    invoiceId: `in_${seq}`,
    subscriptionId: sub.subscriptionId,
    customerId: 'cus_x',
    paymentIntentId: `pi_${seq}`,
    amountPaidCents: sub.amountCents,
    billingReason: 'subscription_create',
    periodEnd: at(30),
    failureMessage: null,
    ...over,
  };
}

function snapshot(sub: CreateSubscriptionResult, u: SignedInUser, over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  return { subscriptionId: sub.subscriptionId, customerId: 'cus_x', status: 'active', currentPeriodEnd: at(30), cancelAtPeriodEnd: false, userId: u.user.id, ...over };
}

const rowOf = async (sub: CreateSubscriptionResult) => (await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.subscriptionId)))[0];

describe('each event applied once', () => {
  it('the same event twice, then ten times at once: one payment, one event row', async () => {
    const u = await makeUser(t.app);
    const sub = await checkout(u);
    const paid: BillingEvent = { eventId: 'evt_twice', type: 'invoice.paid', invoice: invoice(sub) };
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    const burst = { ...paid, eventId: 'evt_burst' };
    const codes = (await Promise.all(Array.from({ length: 10 }, () => deliver(burst)))).map((r) => r.statusCode);
    expect(codes).toEqual(Array(10).fill(200));
    expect(await t.db.select().from(payments).where(eq(payments.userId, u.user.id))).toHaveLength(1);
    const events = await t.db.select().from(providerEvents);
    expect(events.filter((e) => e.eventId === 'evt_twice' || e.eventId === 'evt_burst')).toHaveLength(2);
    expect(await me(t, u)).toMatchObject({ hasProAccess: true });
  });

  it('an event about a subscription we never made is acknowledged and not recorded', async () => {
    const u = await makeUser(t.app);
    const event: BillingEvent = { eventId: 'evt_foreign', type: 'subscription.updated', subscription: { ...snapshot({ subscriptionId: 'sub_elsewhere', amountCents: 0 } as CreateSubscriptionResult, u) } };
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, 'evt_foreign')))).toEqual([]);
  });
});

describe('any arrival order ends in the same state', () => {
  it('a first payment, a renewal, a cancel and the end, in six different orders', async () => {
    const orders = [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
      [2, 0, 4, 1, 3],
      [3, 4, 0, 2, 1],
      [1, 3, 0, 4, 2],
      [4, 0, 3, 1, 2],
    ];
    const finals = [];
    for (const order of orders) {
      const u = await makeUser(t.app);
      const sub = await checkout(u);
      const events: BillingEvent[] = [
        { eventId: `e0_${sub.subscriptionId}`, type: 'invoice.paid', invoice: invoice(sub, { periodEnd: at(30) }) },
        { eventId: `e1_${sub.subscriptionId}`, type: 'subscription.updated', subscription: snapshot(sub, u, { currentPeriodEnd: at(30) }) },
        { eventId: `e2_${sub.subscriptionId}`, type: 'invoice.paid', invoice: invoice(sub, { periodEnd: at(60), billingReason: 'subscription_cycle' }) },
        { eventId: `e3_${sub.subscriptionId}`, type: 'subscription.updated', subscription: snapshot(sub, u, { currentPeriodEnd: at(60), cancelAtPeriodEnd: true }) },
        { eventId: `e4_${sub.subscriptionId}`, type: 'subscription.deleted', subscription: snapshot(sub, u, { currentPeriodEnd: at(60), cancelAtPeriodEnd: true, status: 'canceled' }) },
      ];
      for (const i of order) {
        const event = events[i];
        if (!event) throw new Error(`no event ${i}`);
        expect((await deliver(event)).statusCode).toBe(200);
      }
      const row = await rowOf(sub);
      finals.push({ status: row?.status, currentPeriodEnd: row?.currentPeriodEnd, cancel: row?.cancelAtPeriodEnd, paidThrough: row?.paidThrough });
      expect(await me(t, u)).toMatchObject({ hasProAccess: false });
      expect((await t.db.select().from(payments).where(eq(payments.userId, u.user.id))).map((p) => p.status)).toEqual(['succeeded', 'succeeded']);
    }
    for (const f of finals) expect(f).toEqual({ status: 'canceled', currentPeriodEnd: at(60), cancel: true, paidThrough: at(60) });
  });

  it('a late, older update neither revives a canceled subscription nor moves its period back', async () => {
    const u = await makeUser(t.app);
    const sub = await checkout(u);
    await deliver({ eventId: 'late_paid', type: 'invoice.paid', invoice: invoice(sub, { periodEnd: at(30) }) });
    await deliver({ eventId: 'late_deleted', type: 'subscription.deleted', subscription: snapshot(sub, u, { status: 'canceled', currentPeriodEnd: at(30) }) });
    await deliver({ eventId: 'late_old', type: 'subscription.updated', subscription: snapshot(sub, u, { status: 'incomplete', currentPeriodEnd: at(10) }) });
    await deliver({ eventId: 'late_active', type: 'subscription.updated', subscription: snapshot(sub, u, { status: 'active', currentPeriodEnd: at(30) }) });
    expect(await rowOf(sub)).toMatchObject({ status: 'canceled', currentPeriodEnd: at(30) });
    expect(await billing(t, u)).toMatchObject({ plan: 'free' });
  });

  it('a failed renewal then its late success, or the other way round: active, paid through the new period', async () => {
    for (const failedFirst of [true, false]) {
      const u = await makeUser(t.app);
      const sub = await checkout(u);
      await deliver({ eventId: `first_${sub.subscriptionId}`, type: 'invoice.paid', invoice: invoice(sub, { periodEnd: at(30) }) });
      const renewal = invoice(sub, { billingReason: 'subscription_cycle', periodEnd: at(60) });
      const failed: BillingEvent = { eventId: `fail_${sub.subscriptionId}`, type: 'invoice.payment_failed', invoice: { ...renewal, amountPaidCents: 0, failureMessage: 'Your card was declined.' } };
      const paid: BillingEvent = { eventId: `paid_${sub.subscriptionId}`, type: 'invoice.paid', invoice: renewal };
      for (const e of failedFirst ? [failed, paid] : [paid, failed]) await deliver(e);
      expect(await rowOf(sub)).toMatchObject({ status: 'active', paidThrough: at(60) });
      const [payment] = await t.db.select().from(payments).where(eq(payments.providerInvoiceId, renewal.invoiceId));
      expect(payment).toMatchObject({ status: 'succeeded', failureMessage: null });
    }
  });
});

describe('an upgrade confirmed by webhook alone', () => {
  it('Basic stops renewing once Pro is paid, even if the browser never reports back', async () => {
    const u = await makeUser(t.app);
    const basic = await checkout(u, 'basic');
    await deliver({ eventId: `up_${basic.subscriptionId}`, type: 'invoice.paid', invoice: invoice(basic) });
    const pro = await checkout(u, 'pro');
    expect(await rowOf(basic)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    await deliver({ eventId: `up_${pro.subscriptionId}`, type: 'invoice.paid', invoice: invoice(pro) });
    expect(await rowOf(basic)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await billing(t, u)).toMatchObject({ plan: 'pro', subscription: { tier: 'pro', cancelAtPeriodEnd: false } });
  });
});

describe('referral credit', () => {
  it('exactly once when the first invoice arrives as several different events at once; never for renewals', async () => {
    const referrer = await makeUser(t.app);
    const [ref] = await t.db.select().from(users).where(eq(users.id, referrer.user.id));
    const referred = await makeUser(t.app);
    // Recording referredBy at sign-up is the referrals branch's; here it is set directly.
    await t.db.update(users).set({ referredBy: ref?.referralCode }).where(eq(users.id, referred.user.id));
    const sub = await checkout(referred);
    const first = invoice(sub);
    const deliveries = Array.from({ length: 8 }, (_, i) => deliver({ eventId: `evt_first_${i}`, type: 'invoice.paid', invoice: first }));
    expect((await Promise.all(deliveries)).map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    await deliver({ eventId: 'evt_renewal', type: 'invoice.paid', invoice: invoice(sub, { billingReason: 'subscription_cycle', periodEnd: at(60) }) });
    const [after] = await t.db.select().from(users).where(eq(users.id, referrer.user.id));
    expect(after?.freeProMonthsRemaining).toBe(1);
    expect(await t.db.select().from(referralCredits).where(eq(referralCredits.referrerId, referrer.user.id))).toHaveLength(1);
  });

  it('nothing for a $0 first invoice', async () => {
    const referrer = await makeUser(t.app);
    const [ref] = await t.db.select().from(users).where(eq(users.id, referrer.user.id));
    const referred = await makeUser(t.app);
    await t.db.update(users).set({ referredBy: ref?.referralCode }).where(eq(users.id, referred.user.id));
    const sub = await checkout(referred);
    await deliver({ eventId: 'evt_zero', type: 'invoice.paid', invoice: invoice(sub, { amountPaidCents: 0 }) });
    const [after] = await t.db.select().from(users).where(eq(users.id, referrer.user.id));
    expect(after?.freeProMonthsRemaining).toBe(0);
  });
});
