import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { paymentSuccess, post, startCheckout } from '../../test/billing.js';
import { makeUser } from '../../test/factories.js';
import { ProviderUnreachableError, UNREACHABLE_MESSAGES } from './provider.js';
import { createStripeProvider, fromStripeError } from './providers/stripe.js';

/*
 * Stripe cannot be reached: the real Stripe provider, whose client fails the way it does when the
 * network is down (fetch rejects: "fetch failed", ECONNREFUSED) or Stripe is having an outage
 * (500 api_error). The answer is 503 with Retry-After and words the user can act on, not a 500.
 */

type Mode = 'network' | 'outage' | 'bad-key';
let mode: Mode = 'network';

const stripeAnswer = (status: number, error: Record<string, string>) =>
  // stripe-should-retry: false keeps the test fast (the client otherwise retries 5xx twice, as it does the network).
  new Response(JSON.stringify({ error }), { status, headers: { 'content-type': 'application/json', 'stripe-should-retry': 'false' } });

async function brokenFetch(): Promise<Response> {
  if (mode === 'outage') return stripeAnswer(500, { type: 'api_error', message: 'An unknown error occurred' });
  if (mode === 'bad-key') return stripeAnswer(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' });
  throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' }) });
}

let t: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  t = await buildTestApp(
    { TRIAL_DAYS: '0' },
    {
      logStream: { write: (line) => void logs.push(line) },
      billingProvider: createStripeProvider({
        secretKey: 'sk_test_unreachable',
        publishableKey: 'pk_test_unreachable',
        webhookSecret: 'whsec_unreachable',
        httpClient: Stripe.createFetchHttpClient(brokenFetch),
      }),
    },
  );
});
afterAll(async () => {
  await t.close();
});

const UNREACHABLE = /^Payments are not reachable right now/;

describe('the payment provider cannot be reached', () => {
  it('starting a checkout: 503, Retry-After, "Nothing was charged", and nothing recorded', async () => {
    for (const m of ['network', 'outage'] as const) {
      mode = m;
      const u = await makeUser(t.app);
      for (const plan of ['pro', 'proPromo'] as const) {
        const res = await startCheckout(t, u, plan);
        expect(res.statusCode, `${m} ${plan}`).toBe(503);
        expect(res.headers['retry-after']).toBe('60');
        expect(res.json()).toEqual({ message: 'Payments are not reachable right now. Nothing was charged. Please try again in a minute.' });
      }
      const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id));
      // At most the promo's claim, waiting to be continued; nothing paid, nothing given.
      expect(rows.every((r) => r.status === 'incomplete' && r.promo)).toBe(true);
      // The claim has no provider id yet: reporting it as paid finds nothing to ask about.
      for (const claim of rows) expect((await paymentSuccess(t, u, claim.providerSubscriptionId)).statusCode).toBe(404);
    }
    // The operator sees why, with Stripe's own error; never the secret key.
    const logged = logs.filter((line) => line.includes('payment provider unreachable'));
    expect(logged.some((line) => line.includes('StripeConnectionError'))).toBe(true);
    expect(logged.some((line) => line.includes('StripeAPIError'))).toBe(true);
    expect(logs.join('\n')).not.toContain('sk_test_unreachable');
  });

  it('checking a payment and cancelling: 503, Retry-After, and words that claim nothing unsure', async () => {
    mode = 'network';
    const u = await makeUser(t.app);
    const now = t.clock.now();
    await t.db.insert(subscriptions).values({
      userId: u.user.id,
      provider: 'stripe',
      providerSubscriptionId: 'sub_unreachable_1',
      providerCustomerId: 'cus_unreachable_1',
      tier: 'pro',
      status: 'active',
      currentPeriodEnd: new Date(now.getTime() + 20 * 86_400_000),
      paidThrough: new Date(now.getTime() + 20 * 86_400_000),
      idempotencyKey: `u${u.user.id}:unreachable`,
      createdAt: now,
      updatedAt: now,
    });
    const checked = await paymentSuccess(t, u, 'sub_unreachable_1');
    expect(checked.statusCode).toBe(503);
    expect(checked.headers['retry-after']).toBe('60');
    expect(checked.json().message).toBe(
      'Payments are not reachable right now, so your payment could not be checked yet. If you paid, your plan updates as soon as the payment provider confirms it. Please try again in a minute.',
    );
    const cancelled = await post(t, u, '/api/billing/cancel');
    expect(cancelled.statusCode).toBe(503);
    expect(cancelled.headers['retry-after']).toBe('60');
    expect(cancelled.json().message).toBe('Payments are not reachable right now, so this could not be done. Please try again in a minute.');
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, 'sub_unreachable_1'));
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    // Deleting the account first stops the renewals at the provider: not reachable, nothing deleted.
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: u.cookie }, payload: { confirmation: 'DELETE', currentPassword: u.password } });
    expect(deleted.statusCode).toBe(503);
    expect(deleted.headers['retry-after']).toBe('60');
    expect(deleted.json().message).toBe(UNREACHABLE_MESSAGES.deleteAccount);
    expect(await t.db.$count(users, eq(users.id, u.user.id))).toBe(1);
  });

  it('a refusal that is our own mistake (a wrong key) stays a 500 for the operator, not "try again"', async () => {
    mode = 'bad-key';
    const u = await makeUser(t.app);
    const res = await startCheckout(t, u, 'pro');
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toMatch(UNREACHABLE);
  });
});

describe("Stripe's errors, as the app answers them", () => {
  const raw = (type: Stripe.RawErrorType, extra: { statusCode?: number; code?: string } = {}) => ({ message: `a ${type}`, type, ...extra });
  it('the network, a timeout, an outage or throttling: unreachable', () => {
    for (const err of [
      // What the client throws for a network failure and for its own timeout (no raw type: it never reached Stripe).
      new Stripe.errors.StripeConnectionError({ message: 'Request aborted due to timeout being reached (20000ms)' }),
      new Stripe.errors.StripeAPIError(raw('api_error', { statusCode: 500 })),
      new Stripe.errors.StripeRateLimitError(raw('rate_limit_error', { statusCode: 429, code: 'lock_timeout' })),
      new Stripe.errors.StripeInvalidRequestError(raw('invalid_request_error', { statusCode: 503 })),
    ]) {
      expect(fromStripeError(err), err.type).toBeInstanceOf(ProviderUnreachableError);
    }
  });

  it('the same checkout still being made by another request: 409, wait a moment', () => {
    const err = fromStripeError(new Stripe.errors.StripeInvalidRequestError(raw('invalid_request_error', { statusCode: 409, code: 'idempotency_key_in_use' })));
    expect(err).toMatchObject({ statusCode: 409, message: 'This checkout is still being prepared in another tab or window. Please wait a moment and try again.' });
  });

  it("anything else is our mistake: a plain error (500), never Stripe's status or words for the user", () => {
    for (const stripeErr of [
      new Stripe.errors.StripeAuthenticationError(raw('authentication_error', { statusCode: 401 })),
      new Stripe.errors.StripeInvalidRequestError(raw('invalid_request_error', { statusCode: 400, code: 'parameter_unknown' })),
      new Stripe.errors.StripeIdempotencyError(raw('idempotency_error', { statusCode: 400 })),
    ]) {
      const err = fromStripeError(stripeErr);
      expect(err).not.toBeInstanceOf(ProviderUnreachableError);
      expect(err).not.toHaveProperty('statusCode');
      expect(err.cause).toBe(stripeErr);
    }
  });
});
