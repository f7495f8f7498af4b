import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateSubscriptionResult } from '#shared/schemas/billing.js';
import { payments, providerEvents, subscriptions } from '../db/schema/index.js';
import type { BillingEvent } from '../modules/billing/service.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { startCheckout } from '../test/billing.js';
import { makeUser } from '../test/factories.js';
import { fakeProvider, type FakeProvider } from '../test/fake-provider.js';
import { WEBHOOK_BODY_LIMIT } from './webhooks.js';

/*
 * POST /api/webhooks/stripe: raw bytes to the provider's verification, outside the origin check
 * and the API's JSON parser. The fake provider checks an HMAC as Stripe does.
 */

let t: TestApp;
let fake: FakeProvider;
let sub: CreateSubscriptionResult;
let event: BillingEvent;

beforeAll(async () => {
  let now = () => new Date();
  fake = fakeProvider(() => now());
  t = await buildTestApp({ TRIAL_DAYS: '0' }, { billingProvider: fake });
  now = t.clock.now;
  const u = await makeUser(t.app);
  sub = (await startCheckout(t, u, 'pro')).json();
  event = {
    eventId: 'evt_hook',
    type: 'invoice.paid',
    invoice: {
      invoiceId: 'in_hook',
      subscriptionId: sub.subscriptionId,
      customerId: 'cus_x',
      paymentIntentId: 'pi_hook',
      amountPaidCents: 499,
      billingReason: 'subscription_create',
      periodEnd: new Date(t.clock.now().getTime() + 30 * 86_400_000),
      failureMessage: null,
    },
  };
});
afterAll(async () => {
  await t.close();
});

const post = (payload: string | Buffer, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers, payload });
const written = async () => ({
  events: (await t.db.select().from(providerEvents)).length,
  payments: (await t.db.select().from(payments)).length,
  status: (await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.subscriptionId)))[0]?.status,
});

describe('webhook verification', () => {
  it('refuses a bad signature, a stale timestamp, one changed byte, or none, with 400 and nothing written', async () => {
    const { body, headers } = fake.deliveryOf(event);
    const before = await written();
    const signature = headers['x-fake-signature'] ?? '';
    const changed = Buffer.from(body);
    changed[changed.length - 2] = changed[changed.length - 2] === 0x30 ? 0x31 : 0x30;
    const cases: [string | Buffer, Record<string, string>][] = [
      [body, { ...headers, 'x-fake-signature': signature.replace(/v1=[0-9a-f]{4}/, 'v1=0000') }],
      [body, fake.sign(body, new Date(t.clock.now().getTime() - 301_000))],
      [changed, headers],
      [body, { 'content-type': 'application/json' }],
      [`${body} `, headers],
    ];
    for (const [payload, h] of cases) {
      const res = await post(payload, h);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Webhook signature verification failed.' });
    }
    expect(await written()).toEqual(before);
    expect(before.status).toBe('incomplete');
  });

  it('applies a verified event (200), once', async () => {
    const { body, headers } = fake.deliveryOf(event);
    expect((await post(body, headers)).json()).toEqual({ received: true });
    expect((await post(body, headers)).statusCode).toBe(200);
    expect(await written()).toMatchObject({ payments: 1, status: 'active' });
  });

  it('passes without an Origin, with a foreign Origin, and with any content type, on this route only', async () => {
    const extras: Record<string, string>[] = [{ origin: 'https://stripe.example' }, { 'sec-fetch-site': 'cross-site' }, { 'content-type': 'text/plain' }, { 'content-type': 'application/octet-stream' }];
    for (const extra of extras) {
      const { body, headers } = fake.deliveryOf({ ...event, eventId: `evt_${Object.values(extra)[0]}` });
      const res = await post(body, { ...headers, ...extra });
      expect(res.statusCode).toBe(200);
    }
    // The rest of the API still refuses a foreign origin.
    const other = await t.app.inject({ method: 'POST', url: '/api/billing/cancel', headers: { origin: 'https://stripe.example' }, payload: {} });
    expect(other.statusCode).toBe(403);
  });

  it('has its own body limit', async () => {
    const big = JSON.stringify({ ...event, padding: 'x'.repeat(WEBHOOK_BODY_LIMIT) });
    const res = await post(big, fake.sign(big));
    expect(res.statusCode).toBe(413);
  });
});
