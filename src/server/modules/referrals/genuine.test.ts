import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateSubscriptionResult, ReferralState } from '#shared/schemas/billing.js';
import type { User } from '#shared/schemas/user.js';
import { DAY_MS } from '#shared/time.js';
import { referralCredits, users } from '../../db/schema/index.js';
import { me, startCheckout, subscribe } from '../../test/billing.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { sessionCookieOf, type SignedInUser } from '../../test/factories.js';
import { fakeProvider, type FakeProvider } from '../../test/fake-provider.js';
// The browser cookie's plain-HTTP name: inject's requests are http.
import { DEVICE_COOKIE } from '../../plugins/session.js';
import type { BillingEvent } from '../billing/service.js';
import { networkOf } from './sightings.js';

/*
 * What counts as a genuine referral (docs/decisions/0016): a friend on another browser and
 * another network earns the referrer a month when their first payment goes through; an account
 * signed up from the referrer's own browser, or from an address the referrer used in the last
 * 30 days, or paid for with a card the referrer (or another of their referrals) paid with, is
 * created and works as any other but earns nothing, and the referrer's page says so.
 */


let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Where a request comes from: the address the server sees and, once it has one, the browser's cookie. */
interface Visitor {
  ip: string;
  device?: string;
}

interface Account extends SignedInUser {
  /** The browser cookie this account's browser holds after signing up. */
  device: string | undefined;
}

const deviceCookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === DEVICE_COOKIE);
const cookieHeader = (...pairs: (string | undefined)[]) => pairs.filter(Boolean).join('; ');

async function signUp(app: TestApp, from: Visitor, ref?: string): Promise<Account> {
  seq += 1;
  const tag = `${Date.now().toString(36)}g${seq}`;
  const body = { username: `gen_${tag}`, email: `gen_${tag}@example.com`, password: 'Quota-Crusher-2026', ...(ref ? { ref } : {}) };
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: from.ip,
    headers: from.device ? { cookie: `${DEVICE_COOKIE}=${from.device}` } : {},
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user: res.json<User>(), cookie: sessionCookieOf(res), password: body.password, device: deviceCookieOf(res)?.value ?? from.device };
}

async function signIn(app: TestApp, account: Account, from: Visitor): Promise<void> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: from.ip,
    headers: from.device ? { cookie: `${DEVICE_COOKIE}=${from.device}` } : {},
    payload: { emailOrUsername: account.user.username, password: account.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  account.cookie = sessionCookieOf(res);
}

const monthsOf = async (app: TestApp, id: number) => (await app.db.select({ m: users.freeProMonthsRemaining }).from(users).where(eq(users.id, id)))[0]?.m;
const creditsOf = (app: TestApp, referrerId: number) => app.db.select().from(referralCredits).where(eq(referralCredits.referrerId, referrerId));

async function referralState(app: TestApp, account: Account): Promise<ReferralState> {
  const res = await app.app.inject({ method: 'GET', url: '/api/referral', headers: { cookie: account.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReferralState>();
}

describe('a genuine referral', () => {
  it('a friend on another browser and another network who pays earns the referrer one month, and the page counts it', async () => {
    const referrer = await signUp(t, { ip: '198.51.100.1' });
    const friend = await signUp(t, { ip: '203.0.113.1' }, referrer.user.referralCode);
    await subscribe(t, friend, 'basic');
    expect(await monthsOf(t, referrer.user.id)).toBe(1);
    expect(await referralState(t, referrer)).toMatchObject({ signedUp: 1, credited: 1, notEligible: { sameDeviceOrNetwork: 0, sameCard: 0 } });
  });

  it('addresses the server sees as loopback (a local run, an untrusted proxy) are not compared: another browser still earns', async () => {
    const referrer = await signUp(t, { ip: '127.0.0.1' });
    const friend = await signUp(t, { ip: '127.0.0.1' }, referrer.user.referralCode);
    await subscribe(t, friend, 'basic');
    expect(await monthsOf(t, referrer.user.id)).toBe(1);
  });
});

describe('a second account of the referrer’s', () => {
  it('signed up from the referrer’s own browser is created and can pay, but earns nothing, and the page says why', async () => {
    const referrer = await signUp(t, { ip: '198.51.100.2' });
    // The same browser on another network (a phone hotspot, a VPN): the browser gives it away.
    const second = await signUp(t, { ip: '203.0.113.2', device: referrer.device }, referrer.user.referralCode);
    await subscribe(t, second, 'basic');
    expect(await me(t, second)).toMatchObject({ hasBasicAccess: true });
    expect(await monthsOf(t, referrer.user.id)).toBe(0);
    expect(await creditsOf(t, referrer.user.id)).toHaveLength(0);
    expect(await referralState(t, referrer)).toMatchObject({ signedUp: 1, credited: 0, notEligible: { sameDeviceOrNetwork: 1, sameCard: 0 } });
  });

  it('signed up from an address the referrer signed in from in the last 30 days earns nothing (IPv6 by its /64), even in another browser', async () => {
    const referrer = await signUp(t, { ip: '198.51.100.3' });
    t.clock.advance(10 * DAY_MS);
    await signIn(t, referrer, { ip: '2001:db8:77:1::5', device: referrer.device });
    // A fresh browser (private window) on the referrer's networks: the one signed in from 10 days
    // ago, and the same IPv6 /64 under another address (privacy addresses change every day).
    const fromHome = await signUp(t, { ip: '198.51.100.3' }, referrer.user.referralCode);
    const fromSameSixtyFour = await signUp(t, { ip: '2001:db8:77:1:ffff:1:2:3' }, referrer.user.referralCode);
    await subscribe(t, fromHome, 'basic');
    await subscribe(t, fromSameSixtyFour, 'basic');
    expect(await monthsOf(t, referrer.user.id)).toBe(0);
    expect(await referralState(t, referrer)).toMatchObject({ signedUp: 2, credited: 0, notEligible: { sameDeviceOrNetwork: 2, sameCard: 0 } });
  });

  it('counts an address the referrer used while already signed in; one last used more than 30 days ago no longer counts', async () => {
    const referrer = await signUp(t, { ip: '198.51.100.4' });
    // Signed in, the referrer opens the app from the office: no new sign-in, the address still counts.
    const atOffice = await t.app.inject({ method: 'GET', url: '/api/referral', remoteAddress: '192.0.2.44', headers: { cookie: cookieHeader(referrer.cookie, `${DEVICE_COOKIE}=${referrer.device}`) } });
    expect(atOffice.statusCode).toBe(200);
    const colleague = await signUp(t, { ip: '192.0.2.44' }, referrer.user.referralCode);
    await subscribe(t, colleague, 'basic');
    expect(await monthsOf(t, referrer.user.id)).toBe(0);

    // 31 days on, the home address (last used at sign-up) says nothing about anyone any more.
    t.clock.advance(31 * DAY_MS);
    const neighbour = await signUp(t, { ip: '198.51.100.4' }, referrer.user.referralCode);
    await subscribe(t, neighbour, 'basic');
    expect(await monthsOf(t, referrer.user.id)).toBe(1);
  });
});

describe('networkOf: what an address says about the network it comes from', () => {
  it('an IPv4 address as itself, however written; an IPv6 address by its /64; loopback as nothing', () => {
    expect(networkOf('203.0.113.9')).toBe('203.0.113.9');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(networkOf('2001:db8:77:1::5')).toBe(networkOf('2001:0db8:0077:0001:ffff:1:2:3'));
    expect(networkOf('2001:db8:77:1::5')).toBe('2001:db8:77:1::/64');
    expect(networkOf('2001:db8:77:2::5')).not.toBe(networkOf('2001:db8:77:1::5'));
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
    for (const loopback of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(networkOf(loopback)).toBeNull();
    expect(networkOf('not an address')).toBeNull();
  });
});

describe('the browser cookie and what is kept', () => {
  it('is random, httpOnly, SameSite=Lax and long-lived, set at sign-up and kept at sign-in', async () => {
    const a = await signUp(t, { ip: '198.51.100.5' });
    const b = await signUp(t, { ip: '198.51.100.6' });
    expect(a.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.device).not.toBe(b.device);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress: '198.51.100.7', payload: { username: `gen_c${Date.now().toString(36)}`, email: `gen_c${Date.now().toString(36)}@example.com`, password: 'Quota-Crusher-2026' } });
    expect(deviceCookieOf(res)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(deviceCookieOf(res)?.maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    // A browser that has one keeps it: signing in sets no other.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress: '198.51.100.5', headers: { cookie: `${DEVICE_COOKIE}=${a.device}` }, payload: { emailOrUsername: a.user.username, password: a.password } });
    expect(again.statusCode).toBe(200);
    expect(deviceCookieOf(again)).toBeUndefined();
  });

  it('stores only hashes of the address and the browser, and the hourly housekeeping forgets them 30 days after their last use', async () => {
    const ip = '198.51.100.8';
    const u = await signUp(t, { ip });
    const rowsOf = async () => (await t.pool.query<Record<string, unknown>>('select * from referral_sightings where user_id = $1', [u.user.id])).rows;
    const rows = await rowsOf();
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(ip);
    expect(stored).not.toContain(u.device);

    const { pruneReferralSightings } = await import('./service.js');
    await pruneReferralSightings(t.db, new Date(t.clock.now().getTime() + 29 * DAY_MS));
    expect(await rowsOf()).toHaveLength(2);
    await pruneReferralSightings(t.db, new Date(t.clock.now().getTime() + 31 * DAY_MS));
    expect(await rowsOf()).toHaveLength(0);
  });
});

describe('with a provider that reports card fingerprints (Stripe’s part, played by the fake provider)', () => {
  let s: TestApp;
  let fake: FakeProvider;
  let invoiceSeq = 0;

  beforeAll(async () => {
    let now = () => new Date();
    fake = fakeProvider(() => now());
    s = await buildTestApp({ TRIAL_DAYS: '0' }, { billingProvider: fake });
    now = s.clock.now;
  });
  afterAll(async () => {
    await s.close();
  });

  /** A checkout, then the provider's webhook saying its first invoice was paid with this card (or saying nothing of the card). */
  async function payFirstInvoice(account: Account, cardFingerprint?: string): Promise<string> {
    const res = await startCheckout(s, account, 'basic');
    expect(res.statusCode, res.body).toBe(200);
    const sub = res.json<CreateSubscriptionResult>();
    invoiceSeq += 1;
    const invoiceId = `in_card_${invoiceSeq}`;
    const event: BillingEvent = {
      eventId: `evt_card_${invoiceSeq}`,
      type: 'invoice.paid',
      invoice: {
        invoiceId,
        subscriptionId: sub.subscriptionId,
        customerId: `cus_${account.user.id}`,
        paymentIntentId: `pi_card_${invoiceSeq}`,
        amountPaidCents: sub.amountCents,
        billingReason: 'subscription_create',
        periodEnd: new Date(s.clock.now().getTime() + 30 * DAY_MS),
        failureMessage: null,
        ...(cardFingerprint === undefined ? {} : { cardFingerprint }),
      },
    };
    const { body, headers } = fake.deliveryOf(event);
    const delivered = await s.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers, payload: body });
    expect(delivered.statusCode, delivered.body).toBe(200);
    return invoiceId;
  }

  it('a card the referrer paid with, or another of their referrals paid with, earns nothing; a new card earns the month', async () => {
    const referrer = await signUp(s, { ip: '198.51.100.20' });
    await payFirstInvoice(referrer, 'fp_referrers_card');

    // Each on a browser and a network of their own: only the card links them to the referrer.
    const withReferrersCard = await signUp(s, { ip: '203.0.113.21' }, referrer.user.referralCode);
    await payFirstInvoice(withReferrersCard, 'fp_referrers_card');
    expect(await monthsOf(s, referrer.user.id)).toBe(0);
    expect(await me(s, withReferrersCard)).toMatchObject({ hasBasicAccess: true });

    const friend = await signUp(s, { ip: '203.0.113.22' }, referrer.user.referralCode);
    await payFirstInvoice(friend, 'fp_friends_card');
    expect(await monthsOf(s, referrer.user.id)).toBe(1);

    // The friend's card again, on a third account: one card, one month.
    const withFriendsCard = await signUp(s, { ip: '203.0.113.23' }, referrer.user.referralCode);
    await payFirstInvoice(withFriendsCard, 'fp_friends_card');
    expect(await monthsOf(s, referrer.user.id)).toBe(1);

    expect(await referralState(s, referrer)).toMatchObject({ signedUp: 3, credited: 1, notEligible: { sameDeviceOrNetwork: 0, sameCard: 2 } });
    const stored = JSON.stringify((await s.pool.query('select * from referral_card_fingerprints')).rows);
    expect(stored).not.toContain('fp_referrers_card');
    expect(stored).not.toContain('fp_friends_card');
  });

  it('asks the provider for the card when the event does not carry it (a Stripe webhook does not)', async () => {
    const referrer = await signUp(s, { ip: '198.51.100.30' });
    await payFirstInvoice(referrer, 'fp_second_referrers_card');
    const second = await signUp(s, { ip: '203.0.113.31' }, referrer.user.referralCode);
    fake.setCardFingerprint(`in_card_${invoiceSeq + 1}`, 'fp_second_referrers_card');
    await payFirstInvoice(second);
    expect(await monthsOf(s, referrer.user.id)).toBe(0);

    const friend = await signUp(s, { ip: '203.0.113.32' }, referrer.user.referralCode);
    fake.setCardFingerprint(`in_card_${invoiceSeq + 1}`, 'fp_another_friends_card');
    await payFirstInvoice(friend);
    expect(await monthsOf(s, referrer.user.id)).toBe(1);
  });
});
