import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { BillingEvent, PaymentProviderApi, WebhookResult } from '../modules/billing/service.js';

/*
 * A tiny stand-in for Stripe in server tests: it keeps subscriptions in memory and verifies
 * webhooks the way Stripe does (an HMAC-SHA256 over `timestamp.rawBody`, a 300 s tolerance,
 * a constant-time compare), so the webhook route is tested without the Stripe provider.
 */

const TOLERANCE_S = 300;
const HEADER = 'x-fake-signature';
const DATE_FIELDS = new Set(['periodEnd', 'currentPeriodEnd']);

export interface FakeProvider extends PaymentProviderApi {
  /** Signs a delivery as the provider would; `at` is the signing time (default: now). */
  sign(body: string, at?: Date): Record<string, string>;
  deliveryOf(event: BillingEvent, at?: Date): { body: string; headers: Record<string, string> };
  /** The card fingerprint `cardFingerprintOf` answers for an invoice, as Stripe's lookup would (none by default). */
  setCardFingerprint(invoiceId: string, fingerprint: string): void;
}

export function fakeProvider(now: () => Date, secret = `whsec_${randomBytes(16).toString('hex')}`): FakeProvider {
  const subs = new Map<string, { userId: number; customerId: string; status: 'incomplete' | 'active'; periodEnd: Date; cancel: boolean }>();
  const byKey = new Map<string, string>();
  const cards = new Map<string, string>();
  const mac = (t: number, body: string | Buffer) => createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
  const sign = (body: string, at = now()) => {
    const t = Math.floor(at.getTime() / 1000);
    return { [HEADER]: `t=${t},v1=${mac(t, body)}`, 'content-type': 'application/json; charset=utf-8' };
  };
  const snapshot = (id: string) => {
    const s = subs.get(id);
    if (!s) throw new Error(`No such subscription: ${id}`);
    return { subscriptionId: id, customerId: s.customerId, status: s.status, currentPeriodEnd: s.periodEnd, cancelAtPeriodEnd: s.cancel, userId: s.userId };
  };

  return {
    name: 'stripe',
    publicConfig: { publishableKey: 'pk_test_fake' },
    sign,
    deliveryOf: (event, at) => {
      const body = JSON.stringify(event);
      return { body, headers: sign(body, at) };
    },
    async createSubscription(request) {
      const existing = byKey.get(request.idempotencyKey);
      const id = existing ?? `sub_fake_${randomBytes(8).toString('hex')}`;
      if (!existing) {
        byKey.set(request.idempotencyKey, id);
        subs.set(id, { userId: request.userId, customerId: request.customerId ?? `cus_fake_${request.userId}`, status: 'incomplete', periodEnd: new Date(now().getTime() + 30 * 86_400_000), cancel: false });
      }
      const s = snapshot(id);
      return { customerId: s.customerId, subscriptionId: id, clientSecret: `pi_${id}_secret`, paymentIntentId: `pi_${id}`, status: s.status, currentPeriodEnd: s.currentPeriodEnd };
    },
    setCardFingerprint: (invoiceId, fingerprint) => void cards.set(invoiceId, fingerprint),
    async cardFingerprintOf(invoice) {
      return cards.get(invoice.invoiceId) ?? null;
    },
    async retrieve(subscriptionId) {
      return { subscription: snapshot(subscriptionId), latestInvoice: null };
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const s = subs.get(subscriptionId);
      if (s) s.cancel = cancel;
      return snapshot(subscriptionId);
    },
    verifyWebhook(rawBody, headers): WebhookResult {
      const header = headers[HEADER];
      if (typeof header !== 'string') return { ok: false, reason: 'no signature' };
      const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
      const t = Number(parts.t);
      if (!Number.isInteger(t) || !parts.v1) return { ok: false, reason: 'malformed signature' };
      if (Math.abs(now().getTime() / 1000 - t) > TOLERANCE_S) return { ok: false, reason: 'timestamp outside the tolerance' };
      const expected = Buffer.from(mac(t, rawBody), 'hex');
      const given = Buffer.from(parts.v1, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature mismatch' };
      const event = JSON.parse(rawBody.toString('utf8'), (key, value: unknown) => (DATE_FIELDS.has(key) && typeof value === 'string' ? new Date(value) : value)) as BillingEvent;
      return { ok: true, event };
    },
  };
}
