import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createStripeProvider, mapSubscriptionStatus, promoCouponId, STRIPE_PRODUCT_IDS } from './stripe.js';

/*
 * Fully offline: Stripe's answers come from a stubbed fetch that records every request, and
 * webhook deliveries are signed here with the SDK's own test-header helper.
 */

const SECRET = 'whsec_test_0123456789abcdef';
const NOW = new Date('2026-03-01T12:00:00Z');
const nowSec = Math.floor(NOW.getTime() / 1000);
const PERIOD_END = nowSec + 31 * 86_400;

interface Recorded {
  method: string;
  path: string;
  headers: Headers;
  params: URLSearchParams;
}
type Answer = { status?: number; body: unknown };
type Route = (req: Recorded) => Answer | undefined;

/** A fetch that never leaves the process: each request is recorded and answered by the first route that knows it. */
function stubStripe(routes: Route[]) {
  const requests: Recorded[] = [];
  const fakeFetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const u = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : '';
    const req: Recorded = {
      method,
      path: u.pathname,
      headers: new Headers(init?.headers as [string, string][]),
      params: new URLSearchParams(method === 'GET' ? u.search : body),
    };
    requests.push(req);
    for (const route of routes) {
      const answer = route(req);
      if (answer) return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ error: { type: 'invalid_request_error', message: `no stub for ${method} ${u.pathname}` } }), { status: 400 });
  };
  const provider = createStripeProvider({
    secretKey: 'sk_test_stub',
    publishableKey: 'pk_test_stub',
    webhookSecret: SECRET,
    httpClient: Stripe.createFetchHttpClient(fakeFetch),
    now: () => NOW,
  });
  return { provider, requests };
}

const missing = (what: string): Answer => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } } });
const on =
  (method: string, path: string, answer: (req: Recorded) => Answer): Route =>
  (req) =>
    req.method === method && req.path === path ? answer(req) : undefined;

function invoiceJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 'in_1',
    object: 'invoice',
    customer: 'cus_1',
    status: 'paid',
    attempted: true,
    amount_paid: 299,
    billing_reason: 'subscription_create',
    period_end: nowSec,
    last_finalization_error: null,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: 'sub_1', metadata: {} } },
    lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start: nowSec, end: PERIOD_END } }], has_more: false },
    ...overrides,
  };
}

function subscriptionJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'incomplete',
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { userId: '42', plan: 'proPromo' },
    items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_start: nowSec, current_period_end: PERIOD_END }], has_more: false },
    latest_invoice: invoiceJson({
      status: 'open',
      attempted: false,
      amount_paid: 0,
      confirmation_secret: { client_secret: 'pi_1_secret_abc', type: 'payment_intent' },
      payments: { object: 'list', data: [{ id: 'inpay_1', object: 'invoice_payment', is_default: true, payment: { type: 'payment_intent', payment_intent: 'pi_1' } }], has_more: false },
    }),
    ...overrides,
  };
}

function signed(event: Record<string, unknown>, timestamp = nowSec, secret = SECRET) {
  const payload = JSON.stringify({ object: 'event', api_version: Stripe.API_VERSION, created: timestamp, livemode: false, ...event });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return { body: Buffer.from(payload), headers: { 'stripe-signature': header } };
}

describe('Stripe provider: webhooks', () => {
  const { provider } = stubStripe([]);

  it('verifies and maps invoice.paid with Stripe’s event id', () => {
    const { body, headers } = signed({ id: 'evt_paid', type: 'invoice.paid', data: { object: invoiceJson() } });
    expect(provider.verifyWebhook(body, headers)).toEqual({
      ok: true,
      event: {
        eventId: 'evt_paid',
        type: 'invoice.paid',
        invoice: {
          invoiceId: 'in_1',
          subscriptionId: 'sub_1',
          customerId: 'cus_1',
          paymentIntentId: null,
          amountPaidCents: 299,
          billingReason: 'subscription_create',
          periodEnd: new Date(PERIOD_END * 1000),
          failureMessage: null,
        },
      },
    });
  });

  it('maps invoice.payment_failed of a renewal, with a failure message', () => {
    const invoice = invoiceJson({ status: 'open', amount_paid: 0, billing_reason: 'subscription_cycle' });
    const failed = signed({ id: 'evt_failed', type: 'invoice.payment_failed', data: { object: invoice } });
    expect(provider.verifyWebhook(failed.body, failed.headers)).toMatchObject({
      ok: true,
      event: { eventId: 'evt_failed', type: 'invoice.payment_failed', invoice: { billingReason: 'subscription_cycle', amountPaidCents: 0, failureMessage: 'Your payment could not be completed.' } },
    });
  });

  it('maps customer.subscription.updated and .deleted to snapshots (period end from the item)', () => {
    const updated = signed({ id: 'evt_upd', type: 'customer.subscription.updated', data: { object: subscriptionJson({ status: 'past_due', cancel_at_period_end: true, latest_invoice: 'in_1' }) } });
    expect(provider.verifyWebhook(updated.body, updated.headers)).toEqual({
      ok: true,
      event: {
        eventId: 'evt_upd',
        type: 'subscription.updated',
        subscription: { subscriptionId: 'sub_1', customerId: 'cus_1', status: 'past_due', currentPeriodEnd: new Date(PERIOD_END * 1000), cancelAtPeriodEnd: true, userId: 42 },
      },
    });
    const deleted = signed({ id: 'evt_del', type: 'customer.subscription.deleted', data: { object: subscriptionJson({ status: 'canceled', metadata: {}, latest_invoice: 'in_1' }) } });
    expect(provider.verifyWebhook(deleted.body, deleted.headers)).toMatchObject({
      ok: true,
      event: { eventId: 'evt_del', type: 'subscription.deleted', subscription: { status: 'canceled', userId: null } },
    });
  });

  it('answers event: null for a verified type it does not act on, and for an invoice of no subscription', () => {
    const other = signed({ id: 'evt_other', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    expect(provider.verifyWebhook(other.body, other.headers)).toEqual({ ok: true, event: null });
    const succeeded = signed({ id: 'evt_ps', type: 'invoice.payment_succeeded', data: { object: invoiceJson() } });
    expect(provider.verifyWebhook(succeeded.body, succeeded.headers)).toEqual({ ok: true, event: null });
    const oneOff = signed({ id: 'evt_oneoff', type: 'invoice.paid', data: { object: invoiceJson({ parent: null }) } });
    expect(provider.verifyWebhook(oneOff.body, oneOff.headers)).toEqual({ ok: true, event: null });
  });

  it('refuses a missing signature, another secret, a stale timestamp and one changed byte, without throwing', () => {
    const event = { id: 'evt_x', type: 'invoice.paid', data: { object: invoiceJson() } };
    const good = signed(event);
    expect(provider.verifyWebhook(good.body, {})).toEqual({ ok: false, reason: expect.stringMatching(/missing/i) });
    expect(provider.verifyWebhook(good.body, { 'stripe-signature': ['a', 'b'] })).toMatchObject({ ok: false });
    expect(provider.verifyWebhook(good.body, { 'stripe-signature': 'garbage' })).toMatchObject({ ok: false });

    const forged = signed(event, nowSec, 'whsec_someone_else');
    expect(provider.verifyWebhook(forged.body, forged.headers)).toEqual({ ok: false, reason: expect.stringMatching(/No signatures found/) });

    const stale = signed(event, nowSec - 301);
    expect(provider.verifyWebhook(stale.body, stale.headers)).toEqual({ ok: false, reason: 'Timestamp outside the tolerance zone' });
    const justInTime = signed(event, nowSec - 299);
    expect(provider.verifyWebhook(justInTime.body, justInTime.headers)).toMatchObject({ ok: true });

    const changed = Buffer.from(good.body);
    const at = changed.indexOf('299');
    changed[at] = '3'.charCodeAt(0); // amount_paid 299 → 399
    expect(provider.verifyWebhook(changed, good.headers)).toMatchObject({ ok: false });
  });

  it('refuses events in an API version older than the payload shape it reads, rather than ignoring them', () => {
    const old = signed({ id: 'evt_old', type: 'invoice.paid', api_version: '2024-06-20', data: { object: invoiceJson({ parent: undefined, subscription: 'sub_1' }) } });
    expect(provider.verifyWebhook(old.body, old.headers)).toEqual({ ok: false, reason: expect.stringContaining('2024-06-20 predates 2025-03-31') });
    const broken = signed({ id: 'evt_broken', type: 'customer.subscription.updated', data: { object: subscriptionJson({ items: { object: 'list', data: [{ id: 'si_1' }] } }) } });
    expect(provider.verifyWebhook(broken.body, broken.headers)).toEqual({ ok: false, reason: 'unexpected customer.subscription.updated payload' });
  });

  it('never echoes the secret or the signature in its reason', () => {
    const forged = signed({ id: 'evt_y', type: 'invoice.paid', data: { object: invoiceJson() } }, nowSec, 'whsec_other');
    const result = provider.verifyWebhook(forged.body, forged.headers);
    expect(result.ok).toBe(false);
    const reason = result.ok ? '' : result.reason;
    expect(reason).not.toContain(SECRET);
    expect(reason).not.toContain(forged.headers['stripe-signature']);
  });

  it('uses the real clock when no `now` is given', () => {
    const real = createStripeProvider({ secretKey: 'sk_test_stub', publishableKey: 'pk_test_stub', webhookSecret: SECRET });
    const fresh = signed({ id: 'evt_z', type: 'customer.created', data: { object: {} } }, Math.floor(Date.now() / 1000));
    expect(real.verifyWebhook(fresh.body, fresh.headers)).toEqual({ ok: true, event: null });
    const old = signed({ id: 'evt_z', type: 'customer.created', data: { object: {} } }, nowSec);
    expect(real.verifyWebhook(old.body, old.headers)).toMatchObject({ ok: false });
  });
});

describe('Stripe provider: API calls', () => {
  it('creates the promo subscription: product and coupon once, a customer, default_incomplete with the idempotency key', async () => {
    const productId = STRIPE_PRODUCT_IDS.pro;
    const couponId = promoCouponId(200);
    const { provider, requests } = stubStripe([
      on('GET', `/v1/products/${productId}`, () => missing('product')),
      on('POST', '/v1/products', (req) => ({ body: { id: req.params.get('id'), object: 'product' } })),
      on('GET', `/v1/coupons/${couponId}`, () => missing('coupon')),
      on('POST', '/v1/coupons', (req) => ({ body: { id: req.params.get('id'), object: 'coupon' } })),
      on('POST', '/v1/customers', () => ({ body: { id: 'cus_1', object: 'customer' } })),
      on('POST', '/v1/subscriptions', () => ({ body: subscriptionJson() })),
    ]);

    const created = await provider.createSubscription({
      userId: 42,
      email: 'rep@example.com',
      customerId: null,
      plan: 'proPromo',
      firstAmountCents: 299,
      renewalAmountCents: 499,
      idempotencyKey: 'attempt-1',
    });
    expect(created).toEqual({
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      clientSecret: 'pi_1_secret_abc',
      paymentIntentId: 'pi_1',
      status: 'incomplete',
      currentPeriodEnd: new Date(PERIOD_END * 1000),
    });

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/products/${productId}`,
      'POST /v1/products',
      `GET /v1/coupons/${couponId}`,
      'POST /v1/coupons',
      'POST /v1/customers',
      'POST /v1/subscriptions',
    ]);
    const [, product, , coupon, customer, sub] = requests;
    expect(product?.params.get('id')).toBe(productId);
    expect(Object.fromEntries(coupon?.params ?? [])).toMatchObject({ id: couponId, amount_off: '200', currency: 'usd', duration: 'once' });
    expect(customer?.params.get('email')).toBe('rep@example.com');
    expect(customer?.params.get('metadata[userId]')).toBe('42');
    expect(customer?.headers.get('idempotency-key')).toBe('attempt-1-customer');

    expect(sub?.headers.get('idempotency-key')).toBe('attempt-1');
    expect(sub?.headers.get('authorization')).toBe('Bearer sk_test_stub');
    expect(Object.fromEntries(sub?.params ?? [])).toMatchObject({
      customer: 'cus_1',
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][product]': productId,
      'items[0][price_data][unit_amount]': '499',
      'items[0][price_data][recurring][interval]': 'month',
      'discounts[0][coupon]': couponId,
      'metadata[userId]': '42',
      'metadata[plan]': 'proPromo',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'expand[1]': 'latest_invoice.payments',
    });

    // Another checkout: the product is remembered; an existing customer is reused; no coupon for full price.
    requests.length = 0;
    await provider.createSubscription({
      userId: 42,
      email: 'rep@example.com',
      customerId: 'cus_1',
      plan: 'pro',
      firstAmountCents: 499,
      renewalAmountCents: 499,
      idempotencyKey: 'attempt-2',
    });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/subscriptions']);
    expect(requests[0]?.params.has('discounts[0][coupon]')).toBe(false);
    expect(requests[0]?.headers.get('idempotency-key')).toBe('attempt-2');
  });

  it('finds the products Stripe already has instead of creating them', async () => {
    const { provider, requests } = stubStripe([
      on('GET', `/v1/products/${STRIPE_PRODUCT_IDS.basic}`, () => ({ body: { id: STRIPE_PRODUCT_IDS.basic, object: 'product' } })),
      on('POST', '/v1/subscriptions', () => ({ body: subscriptionJson({ metadata: { userId: '7', plan: 'basic' } }) })),
    ]);
    await provider.createSubscription({ userId: 7, email: 'b@example.com', customerId: 'cus_9', plan: 'basic', firstAmountCents: 99, renewalAmountCents: 99, idempotencyKey: 'k' });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/products/${STRIPE_PRODUCT_IDS.basic}`, 'POST /v1/subscriptions']);
    expect(requests[1]?.params.get('items[0][price_data][unit_amount]')).toBe('99');
  });

  it('retrieves a paid subscription with its first invoice', async () => {
    const paid = subscriptionJson({
      status: 'active',
      latest_invoice: invoiceJson({
        payments: { object: 'list', data: [{ id: 'inpay_1', object: 'invoice_payment', is_default: true, payment: { type: 'payment_intent', payment_intent: 'pi_1' } }], has_more: false },
      }),
    });
    const { provider, requests } = stubStripe([on('GET', '/v1/subscriptions/sub_1', () => ({ body: paid }))]);
    const result = await provider.retrieve('sub_1');
    expect(requests[0]?.params.getAll('expand[0]')).toEqual(['latest_invoice.payments']);
    expect(result).toEqual({
      subscription: { subscriptionId: 'sub_1', customerId: 'cus_1', status: 'active', currentPeriodEnd: new Date(PERIOD_END * 1000), cancelAtPeriodEnd: false, userId: 42 },
      latestInvoice: {
        invoiceId: 'in_1',
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        paymentIntentId: 'pi_1',
        amountPaidCents: 299,
        billingReason: 'subscription_create',
        periodEnd: new Date(PERIOD_END * 1000),
        failureMessage: null,
      },
    });
  });

  it('retrieves a declined first payment with the card’s decline message', async () => {
    const declined = subscriptionJson({
      latest_invoice: invoiceJson({
        status: 'open',
        attempted: true,
        amount_paid: 0,
        payments: { object: 'list', data: [{ id: 'inpay_1', object: 'invoice_payment', is_default: true, payment: { type: 'payment_intent', payment_intent: 'pi_1' } }], has_more: false },
      }),
    });
    const { provider, requests } = stubStripe([
      on('GET', '/v1/subscriptions/sub_1', () => ({ body: declined })),
      on('GET', '/v1/payment_intents/pi_1', () => ({ body: { id: 'pi_1', object: 'payment_intent', last_payment_error: { message: 'Your card was declined.' } } })),
    ]);
    const result = await provider.retrieve('sub_1');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/subscriptions/sub_1', 'GET /v1/payment_intents/pi_1']);
    expect(result.subscription.status).toBe('incomplete');
    expect(result.latestInvoice).toMatchObject({ amountPaidCents: 0, paymentIntentId: 'pi_1', failureMessage: 'Your card was declined.' });
  });

  it('retrieves an unconfirmed subscription without asking for its payment', async () => {
    const { provider, requests } = stubStripe([on('GET', '/v1/subscriptions/sub_1', () => ({ body: subscriptionJson() }))]);
    const result = await provider.retrieve('sub_1');
    expect(requests).toHaveLength(1);
    expect(result.latestInvoice).toMatchObject({ amountPaidCents: 0, failureMessage: null });
  });

  it('sets and clears cancel_at_period_end', async () => {
    const { provider, requests } = stubStripe([
      on('POST', '/v1/subscriptions/sub_1', (req) => ({
        body: subscriptionJson({ status: 'active', cancel_at_period_end: req.params.get('cancel_at_period_end') === 'true', latest_invoice: 'in_1' }),
      })),
    ]);
    expect(await provider.setCancelAtPeriodEnd('sub_1', true)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect(await provider.setCancelAtPeriodEnd('sub_1', false)).toMatchObject({ cancelAtPeriodEnd: false });
    expect(requests.map((r) => r.params.get('cancel_at_period_end'))).toEqual(['true', 'false']);
  });

  it('treats a dashboard cancel_at at the period end as cancel at period end', async () => {
    const { provider } = stubStripe([
      on('GET', '/v1/subscriptions/sub_1', () => ({ body: subscriptionJson({ status: 'active', cancel_at: PERIOD_END, latest_invoice: null }) })),
    ]);
    expect(await provider.retrieve('sub_1')).toMatchObject({ subscription: { cancelAtPeriodEnd: true }, latestInvoice: null });
  });

  it('maps every Stripe status onto ours, an unknown one granting nothing', () => {
    expect(
      Object.fromEntries(
        ['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused', 'something_new'].map((s) => [s, mapSubscriptionStatus(s)]),
      ),
    ).toEqual({
      active: 'active',
      trialing: 'active',
      past_due: 'past_due',
      unpaid: 'past_due',
      canceled: 'canceled',
      incomplete: 'incomplete',
      incomplete_expired: 'incomplete_expired',
      paused: 'incomplete',
      something_new: 'incomplete',
    });
  });

  it('exposes the publishable key, never the secret one', () => {
    const { provider } = stubStripe([]);
    expect(provider.name).toBe('stripe');
    expect(provider.publicConfig).toEqual({ publishableKey: 'pk_test_stub' });
  });
});

describe('Stripe provider: the paying card’s fingerprint (referral checks, docs/decisions/0016)', () => {
  const paidInvoice = { invoiceId: 'in_1', subscriptionId: 'sub_1', customerId: 'cus_1', amountPaidCents: 299, billingReason: 'subscription_create' as const, periodEnd: NOW, failureMessage: null };
  const intentWithCard = (fingerprint: string | null) => ({
    id: 'pi_1',
    object: 'payment_intent',
    latest_charge: { id: 'ch_1', object: 'charge', payment_method_details: { type: 'card', card: fingerprint === null ? null : { fingerprint } } },
  });

  it('finds a webhook invoice’s payment through the invoice, then the card on its charge', async () => {
    const { provider, requests } = stubStripe([
      on('GET', '/v1/invoices/in_1', () => ({ body: subscriptionJson().latest_invoice })),
      on('GET', '/v1/payment_intents/pi_1', () => ({ body: intentWithCard('fp_abc123') })),
    ]);
    expect(await provider.cardFingerprintOf?.({ ...paidInvoice, paymentIntentId: null })).toBe('fp_abc123');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/invoices/in_1', 'GET /v1/payment_intents/pi_1']);
    expect(requests[0]?.params.getAll('expand[0]')).toEqual(['payments']);
    expect(requests[1]?.params.getAll('expand[0]')).toEqual(['latest_charge']);
  });

  it('asks only for the payment when the invoice names it, and answers null for a payment without a card', async () => {
    const { provider, requests } = stubStripe([on('GET', '/v1/payment_intents/pi_1', () => ({ body: intentWithCard(null) }))]);
    expect(await provider.cardFingerprintOf?.({ ...paidInvoice, paymentIntentId: 'pi_1' })).toBeNull();
    expect(requests).toHaveLength(1);
  });
});
