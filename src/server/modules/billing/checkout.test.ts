import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateSubscriptionResult } from '#shared/schemas/billing.js';
import { payments, sandboxInvoices, sandboxSubscriptions, subscriptions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { advanceDays, billing, CARD_DECLINED, CARD_NO_FUNDS, CARD_OK, me, pay, paymentSuccess, post, startCheckout, subscribe } from '../../test/billing.js';
import { makeUser } from '../../test/factories.js';

let t: TestApp; // TRIAL_DAYS=0: new users are on Free, so any access comes from billing

beforeAll(async () => {
  t = await buildTestApp({ TRIAL_DAYS: '0' });
});
afterAll(async () => {
  await t.close();
});

const rowsOf = async (userId: number) => t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
const paymentsOf = async (userId: number) => t.db.select().from(payments).where(eq(payments.userId, userId));

describe('sandbox checkout', () => {
  it('Basic: create → 4242 → payment-success gives unlimited chat, not Pro', async () => {
    const u = await makeUser(t.app);
    expect(await billing(t, u)).toMatchObject({ plan: 'free', provider: 'sandbox', subscription: null, promoAvailable: true, notice: null });
    const created = (await startCheckout(t, u, 'basic')).json<CreateSubscriptionResult>();
    expect(created).toMatchObject({ provider: 'sandbox', publishableKey: null, plan: 'basic', amountCents: 99 });
    expect(created.subscriptionId).toMatch(/^sub_sbx_/);
    // Created but not paid: nothing given.
    expect(await me(t, u)).toMatchObject({ hasBasicAccess: false, hasProAccess: false });

    expect((await pay(t, u, created.clientSecret)).json()).toMatchObject({ status: 'succeeded' });
    const state = (await paymentSuccess(t, u, created.subscriptionId)).json();
    expect(state).toMatchObject({ plan: 'basic', subscription: { tier: 'basic', status: 'active', promo: false, renewalPriceCents: 99, cancelAtPeriodEnd: false } });
    expect(await me(t, u)).toMatchObject({ hasBasicAccess: true, hasProAccess: false });
    const status = (await t.app.inject({ url: '/api/chat/status', headers: { cookie: u.cookie } })).json();
    expect(status).toMatchObject({ access: 'paid', plan: 'basic', unlimited: true });
    expect(await paymentsOf(u.user.id)).toEqual([expect.objectContaining({ amount: 99, status: 'succeeded', billingReason: 'subscription_create' })]);
  });

  it('Pro: gives Pro (and Basic), one month from the payment', async () => {
    const u = await makeUser(t.app);
    const { state } = await subscribe(t, u, 'pro');
    expect(state).toMatchObject({ plan: 'pro', subscription: { tier: 'pro', status: 'active', renewalPriceCents: 499 } });
    expect(state.subscription?.currentPeriodEnd).toBe('2026-02-15T12:00:00.000Z');
    expect(await me(t, u)).toMatchObject({ hasBasicAccess: true, hasProAccess: true });
    expect(await paymentsOf(u.user.id)).toEqual([expect.objectContaining({ amount: 499, status: 'succeeded' })]);
  });

  it('the sandbox alone already applied the payment: payment-success only re-checks', async () => {
    const u = await makeUser(t.app);
    const created = (await startCheckout(t, u, 'pro')).json<CreateSubscriptionResult>();
    await pay(t, u, created.clientSecret);
    expect(await billing(t, u)).toMatchObject({ plan: 'pro' });
  });

  it('the promo: $2.99 first, $4.99 after, and once per user', async () => {
    const u = await makeUser(t.app);
    const { created, state } = await subscribe(t, u, 'proPromo');
    expect(created).toMatchObject({ plan: 'proPromo', amountCents: 299 });
    expect(state).toMatchObject({ plan: 'pro', promoAvailable: false, subscription: { tier: 'pro', promo: true, renewalPriceCents: 499 } });
    expect(await me(t, u)).toMatchObject({ hasUsedProPromo: true });
    // Even once Pro has ended, the promo stays used.
    await t.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, u.user.id));
    await t.db.update(users).set({ proUntil: null }).where(eq(users.id, u.user.id));
    const again = await startCheckout(t, u, 'proPromo');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The Pro launch special is once per account, and you have already used it. Pro is $4.99/month.');
    expect(await paymentsOf(u.user.id)).toEqual([expect.objectContaining({ amount: 299, status: 'succeeded' })]);
  });

  it('a declined card and insufficient funds grant nothing, record the failed attempts, and a good card then pays', async () => {
    const u = await makeUser(t.app);
    const created = (await startCheckout(t, u, 'pro')).json<CreateSubscriptionResult>();
    for (const [card, message] of [
      [CARD_DECLINED, 'Your card was declined.'],
      [CARD_NO_FUNDS, 'Your card has insufficient funds.'],
    ] as const) {
      const res = await pay(t, u, created.clientSecret, card);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ message, code: 'card_declined' });
      const state = (await paymentSuccess(t, u, created.subscriptionId)).json();
      expect(state).toMatchObject({ plan: 'free', subscription: null, proUntil: null, basicUntil: null });
      expect(await me(t, u)).toMatchObject({ hasBasicAccess: false, hasProAccess: false });
    }
    expect(await paymentsOf(u.user.id)).toEqual([expect.objectContaining({ status: 'failed', amount: 499, failureMessage: 'Your card has insufficient funds.' })]);
    expect((await rowsOf(u.user.id))[0]).toMatchObject({ status: 'incomplete' });

    expect((await pay(t, u, created.clientSecret, CARD_OK)).statusCode).toBe(200);
    expect(await billing(t, u)).toMatchObject({ plan: 'pro' });
    expect(await paymentsOf(u.user.id)).toEqual([expect.objectContaining({ status: 'succeeded', amount: 499, failureMessage: null })]);
  });

  it('refuses an unknown number, a past expiry and a bad CVC as input errors, recording nothing', async () => {
    const u = await makeUser(t.app);
    const created = (await startCheckout(t, u, 'basic')).json<CreateSubscriptionResult>();
    const cases = [
      [{ ...CARD_OK, number: '4111 1111 1111 1111' }, 'Your card number is invalid.'],
      [{ ...CARD_OK, expiry: '12/25' }, "Your card's expiration date is in the past."],
      [{ ...CARD_OK, cvc: '12' }, "Your card's security code is incomplete."],
    ] as const;
    for (const [card, message] of cases) {
      const res = await pay(t, u, created.clientSecret, card);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await paymentsOf(u.user.id)).toEqual([]);
  });

  it("another user's client secret pays nothing (404)", async () => {
    const owner = await makeUser(t.app);
    const thief = await makeUser(t.app);
    const created = (await startCheckout(t, owner, 'pro')).json<CreateSubscriptionResult>();
    expect((await pay(t, thief, created.clientSecret)).statusCode).toBe(404);
    expect(await billing(t, owner)).toMatchObject({ plan: 'free' });
  });
});

describe('a re-check racing the provider', () => {
  it("ten payment-success calls at once, racing the sandbox's own event: one payment, one period", async () => {
    const u = await makeUser(t.app);
    const created = (await startCheckout(t, u, 'pro')).json<CreateSubscriptionResult>();
    const [paid, ...rechecks] = await Promise.all([pay(t, u, created.clientSecret), ...Array.from({ length: 10 }, () => paymentSuccess(t, u, created.subscriptionId))]);
    expect(paid?.statusCode).toBe(200);
    expect(rechecks.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    await paymentSuccess(t, u, created.subscriptionId);
    expect(await paymentsOf(u.user.id)).toHaveLength(1);
    expect(await billing(t, u)).toMatchObject({ plan: 'pro', subscription: { currentPeriodEnd: '2026-02-15T12:00:00.000Z' } });
  });

  it('a Pay clicked ten times at once charges once', async () => {
    const u = await makeUser(t.app);
    const created = (await startCheckout(t, u, 'basic')).json<CreateSubscriptionResult>();
    const clicks = await Promise.all(Array.from({ length: 10 }, () => pay(t, u, created.clientSecret)));
    expect(clicks.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(clicks.map((r) => r.json().paymentIntentId)).size).toBe(1);
    expect(await paymentsOf(u.user.id)).toEqual([expect.objectContaining({ status: 'succeeded', amount: 99 })]);
  });

  it('the sandbox takes no webhooks', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(400);
  });
});

describe('payment-success grants nothing by itself', () => {
  it('a made-up id, and another user’s real paid id, answer 404 and change nothing', async () => {
    const payer = await makeUser(t.app);
    const { created } = await subscribe(t, payer, 'pro');
    const forger = await makeUser(t.app);
    const own = (await startCheckout(t, forger, 'pro')).json<CreateSubscriptionResult>();
    for (const subscriptionId of ['sub_sbx_madeup', created.subscriptionId]) {
      const res = await paymentSuccess(t, forger, subscriptionId);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Subscription not found.');
    }
    // Their own unpaid subscription, reported as paid: the provider says it is not.
    expect((await post(t, forger, '/api/payment-success', { subscriptionId: own.subscriptionId, paymentIntentId: 'pi_sbx_whatever' })).json()).toMatchObject({ plan: 'free' });
    expect(await me(t, forger)).toMatchObject({ hasBasicAccess: false, hasProAccess: false });
    expect(await paymentsOf(forger.user.id)).toEqual([]);
    expect(await billing(t, payer)).toMatchObject({ plan: 'pro' });
  });
});

describe('mass assignment', () => {
  it('plan, price, status, trial or subscription fields in any body are refused and change nothing', async () => {
    const u = await makeUser(t.app);
    const attemptId = randomUUID();
    const extras = [
      { plan: 'pro' },
      { amountCents: 1 },
      { priceCents: 0 },
      { status: 'active' },
      { hasProAccess: true },
      { hasBasicAccess: true },
      { proUntil: '2100-01-01T00:00:00Z' },
      { freeSessionExpiresAt: '2100-01-01T00:00:00Z' },
      { hasUsedProPromo: false },
      { subscriptionId: 'sub_x' },
      { currentPeriodEnd: '2100-01-01T00:00:00Z' },
    ];
    for (const extra of extras) {
      for (const url of ['/api/create-basic-subscription', '/api/create-pro-subscription', '/api/create-pro-promo-subscription']) {
        expect((await post(t, u, url, { attemptId, ...extra })).statusCode).toBe(400);
      }
      // A bad subscriptionId is payment-success's own case; the others are sent with a well-formed one.
      for (const body of 'subscriptionId' in extra ? [] : [{ subscriptionId: 'sub_sbx_x', ...extra }]) {
        expect((await post(t, u, '/api/payment-success', body)).statusCode).toBe(400);
      }
      expect((await post(t, u, '/api/billing/cancel', extra)).statusCode).toBe(400);
      expect((await post(t, u, '/api/billing/resume', extra)).statusCode).toBe(400);
      expect((await post(t, u, '/api/sandbox/confirm-payment', { clientSecret: 'x', card: CARD_OK, ...extra })).statusCode).toBe(400);
    }
    // Someone else's id in the body is refused too (product §2).
    expect((await post(t, u, '/api/create-pro-subscription', { attemptId, userId: u.user.id + 1 })).statusCode).toBe(403);
    expect(await rowsOf(u.user.id)).toEqual([]);
    expect(await billing(t, u)).toMatchObject({ plan: 'free', promoAvailable: true });
    expect(await me(t, u)).toMatchObject({ hasBasicAccess: false, hasProAccess: false });
  });

  it('signed out: 401 everywhere', async () => {
    for (const url of ['/api/create-pro-subscription', '/api/payment-success', '/api/billing/cancel', '/api/sandbox/confirm-payment']) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/api/billing' })).statusCode).toBe(401);
  });
});

describe('idempotent create', () => {
  it('the same attempt, sent twice or ten times at once, makes one subscription with one client secret', async () => {
    const u = await makeUser(t.app);
    const attemptId = randomUUID();
    const first = (await startCheckout(t, u, 'pro', attemptId)).json<CreateSubscriptionResult>();
    const burst = await Promise.all(Array.from({ length: 10 }, () => startCheckout(t, u, 'pro', attemptId)));
    for (const res of burst) expect(res.json()).toEqual(first);
    expect(await rowsOf(u.user.id)).toHaveLength(1);
    // The same attempt for another plan is a mistake, not a second subscription.
    expect((await startCheckout(t, u, 'basic', attemptId)).statusCode).toBe(409);
    // A new attempt (a new visit to checkout) is a new subscription.
    const other = (await startCheckout(t, u, 'pro')).json<CreateSubscriptionResult>();
    expect(other.subscriptionId).not.toBe(first.subscriptionId);
  });

  it('ten concurrent first creates of one attempt also make one', async () => {
    const u = await makeUser(t.app);
    const attemptId = randomUUID();
    const burst = await Promise.all(Array.from({ length: 10 }, () => startCheckout(t, u, 'basic', attemptId)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(burst.map((r) => r.json().subscriptionId)).size).toBe(1);
    expect(await rowsOf(u.user.id)).toHaveLength(1);
  });
});

describe('payment calls are rate-limited per user', () => {
  it('answers 429 with Retry-After past the budget', async () => {
    const u = await makeUser(t.app);
    const codes = [];
    for (let i = 0; i < 31; i++) codes.push((await paymentSuccess(t, u, 'sub_sbx_nope')).statusCode);
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(404));
    const res = await paymentSuccess(t, u, 'sub_sbx_nope');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('two tabs', () => {
  it('two checkouts of one plan both paid: the older stops renewing, so nothing is charged twice again', async () => {
    const u = await makeUser(t.app);
    const first = (await startCheckout(t, u, 'basic')).json<CreateSubscriptionResult>();
    const second = (await startCheckout(t, u, 'basic')).json<CreateSubscriptionResult>();
    await pay(t, u, first.clientSecret);
    await pay(t, u, second.clientSecret);
    const rows = (await rowsOf(u.user.id)).sort((a, b) => a.id - b.id);
    expect(rows.map((r) => [r.status, r.cancelAtPeriodEnd])).toEqual([
      ['active', true],
      ['active', false],
    ]);
    expect(await billing(t, u)).toMatchObject({ plan: 'basic', subscription: { id: second.subscriptionId, cancelAtPeriodEnd: false } });
  });
});

describe('buying again', () => {
  it('refuses the plan one has, allows Basic → Pro, and then Basic does not renew', async () => {
    const u = await makeUser(t.app);
    await subscribe(t, u, 'basic');
    const again = await startCheckout(t, u, 'basic');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have Basic Access. Your plan and its renewal date are on your account page.');

    const { state } = await subscribe(t, u, 'pro');
    expect(state).toMatchObject({ plan: 'pro', subscription: { tier: 'pro' } });
    const basic = (await rowsOf(u.user.id)).find((s) => s.tier === 'basic');
    expect(basic).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    for (const plan of ['basic', 'pro', 'proPromo'] as const) {
      const res = await startCheckout(t, u, plan);
      expect(res.statusCode).toBe(409);
    }
    expect((await startCheckout(t, u, 'pro')).json().message).toBe('You already have Pro, which includes everything in Basic. Your plan and its renewal date are on your account page.');
  });
});

describe('the launch promo is claimed once (security probe: four promo checkouts were all paid at the promo price)', () => {
  const promoRowsOf = async (userId: number) => (await rowsOf(userId)).filter((r) => r.promo);

  it('four promo checkouts opened at once, then each paid: one checkout, one payment at the promo price', async () => {
    const u = await makeUser(t.app);
    const opened = await Promise.all(Array.from({ length: 4 }, () => startCheckout(t, u, 'proPromo')));
    const given = opened.filter((r) => r.statusCode === 200).map((r) => r.json<CreateSubscriptionResult>());
    expect(given.length).toBeGreaterThan(0);
    for (const refused of opened.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/launch special/);
    }
    // Whoever was given a checkout was given the same one.
    expect(new Set(given.map((c) => c.subscriptionId)).size).toBe(1);
    expect(given.every((c) => c.amountCents === 299)).toBe(true);
    // The user pays every checkout they were given, all at once, and reports each.
    await Promise.all(given.map((c) => pay(t, u, c.clientSecret)));
    for (const c of given) await paymentSuccess(t, u, c.subscriptionId);
    expect(await paymentsOf(u.user.id)).toEqual([expect.objectContaining({ amount: 299, status: 'succeeded' })]);
    expect(await promoRowsOf(u.user.id)).toHaveLength(1);
    expect(await billing(t, u)).toMatchObject({ plan: 'pro', promoAvailable: false });
  });

  it('a promo checkout opened again (another tab, a reload) continues the open one; once paid, the promo is refused', async () => {
    const u = await makeUser(t.app);
    const first = (await startCheckout(t, u, 'proPromo')).json<CreateSubscriptionResult>();
    const second = await startCheckout(t, u, 'proPromo');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first);
    expect((await pay(t, u, first.clientSecret)).statusCode).toBe(200);
    expect((await pay(t, u, second.json<CreateSubscriptionResult>().clientSecret)).statusCode).toBe(200);
    const third = await startCheckout(t, u, 'proPromo');
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('The Pro launch special is once per account, and you have already used it. Pro is $4.99/month.');
    expect(await paymentsOf(u.user.id)).toEqual([expect.objectContaining({ amount: 299, status: 'succeeded' })]);
    expect(await promoRowsOf(u.user.id)).toHaveLength(1);
  });

  it('an abandoned promo checkout holds the promo until the provider expires it; then a new one starts and the old one cannot be paid', async () => {
    const own = await buildTestApp({ TRIAL_DAYS: '0', SANDBOX_TEST_CLOCK: '1' });
    try {
      const u = await makeUser(own.app);
      const abandoned = (await startCheckout(own, u, 'proPromo')).json<CreateSubscriptionResult>();
      own.clock.advance(12 * 60 * 60 * 1000);
      expect((await startCheckout(own, u, 'proPromo')).json()).toEqual(abandoned);
      // The sandbox expires an unpaid first invoice after a day, as Stripe does after 23 hours.
      expect(await advanceDays(own, 1)).toMatchObject({ ended: 1 });
      const fresh = (await startCheckout(own, u, 'proPromo')).json<CreateSubscriptionResult>();
      expect(fresh.subscriptionId).not.toBe(abandoned.subscriptionId);
      const late = await pay(own, u, abandoned.clientSecret);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('This checkout has expired. Please start again.');
      expect((await pay(own, u, fresh.clientSecret)).statusCode).toBe(200);
      const paid = await own.db.select().from(payments).where(eq(payments.userId, u.user.id));
      expect(paid).toEqual([expect.objectContaining({ amount: 299, status: 'succeeded' })]);
    } finally {
      await own.close();
    }
  });

  it('a promo checkout the provider ended, whose news never arrived, frees the promo (asked of the provider, not assumed)', async () => {
    const u = await makeUser(t.app);
    const lost = (await startCheckout(t, u, 'proPromo')).json<CreateSubscriptionResult>();
    // The provider's side moved on; no event reached us.
    await t.db.update(sandboxSubscriptions).set({ status: 'incomplete_expired' }).where(eq(sandboxSubscriptions.id, lost.subscriptionId));
    const fresh = await startCheckout(t, u, 'proPromo');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json<CreateSubscriptionResult>().subscriptionId).not.toBe(lost.subscriptionId);
    expect((await rowsOf(u.user.id)).find((r) => r.providerSubscriptionId === lost.subscriptionId)).toMatchObject({ status: 'incomplete_expired' });
  });

  it('a promo checkout paid at the provider, whose news never arrived, uses the promo', async () => {
    const u = await makeUser(t.app);
    const created = (await startCheckout(t, u, 'proPromo')).json<CreateSubscriptionResult>();
    // Paid in the sandbox's own books, its event lost on the way.
    await t.db.update(sandboxInvoices).set({ status: 'paid', amountPaidCents: 299 }).where(eq(sandboxInvoices.subscriptionId, created.subscriptionId));
    await t.db.update(sandboxSubscriptions).set({ status: 'active' }).where(eq(sandboxSubscriptions.id, created.subscriptionId));
    const again = await startCheckout(t, u, 'proPromo');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/once per account/);
    expect(await paymentsOf(u.user.id)).toEqual([expect.objectContaining({ amount: 299, status: 'succeeded' })]);
  });
});
