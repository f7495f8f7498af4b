import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferralState } from '#shared/schemas/billing.js';
import type { User } from '#shared/schemas/user.js';
import { DAY_MS } from '#shared/time.js';
import { referralCredits, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, sessionCookieOf } from '../../test/factories.js';
import { creditReferrerForFirstPayment } from './credit.js';

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A sign-up through a referral link: the page sends the link's `ref` with the form. */
async function signUpWithRef(ref: string) {
  seq += 1;
  const tag = `${Date.now().toString(36)}r${seq}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { username: `ref_${tag}`, email: `ref_${tag}@example.com`, password: 'Quota-Crusher-2026', ref },
  });
  return { res, user: res.json<User>(), cookie: res.statusCode === 201 ? sessionCookieOf(res) : '' };
}

const referredByOf = async (id: number) => (await t.db.select({ r: users.referredBy }).from(users).where(eq(users.id, id)))[0]?.r;
const monthsOf = async (id: number) => (await t.db.select({ m: users.freeProMonthsRemaining }).from(users).where(eq(users.id, id)))[0]?.m;
const setReferral = (id: number, values: { freeProMonthsRemaining?: number; referralProUntil?: Date | null }) => t.db.update(users).set(values).where(eq(users.id, id));
const getState = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/referral', headers: { cookie } });
const redeem = (cookie: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/referral/redeem', headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

describe('sign-up through a referral link', () => {
  it('records the referrer’s code when it belongs to a user', async () => {
    const referrer = await makeUser(t.app);
    const { res, user } = await signUpWithRef(referrer.user.referralCode);
    expect(res.statusCode).toBe(201);
    expect(await referredByOf(user.id)).toBe(referrer.user.referralCode);
  });

  it('takes a code typed in lower case as the same code', async () => {
    const referrer = await makeUser(t.app);
    const { user } = await signUpWithRef(referrer.user.referralCode.toLowerCase());
    expect(await referredByOf(user.id)).toBe(referrer.user.referralCode);
  });

  it('records nothing for an unknown code, and the sign-up answers exactly as without one', async () => {
    const { res, user } = await signUpWithRef('NOSUCHCODE');
    expect(res.statusCode).toBe(201);
    expect(await referredByOf(user.id)).toBeNull();
    expect(Object.keys(res.json<object>()).sort()).toEqual(Object.keys((await makeUser(t.app)).user).sort());
  });

  it('refuses a malformed code like any bad field, creating nothing', async () => {
    const { res } = await signUpWithRef('<script>');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('ref');
  });
});

describe('GET /api/referral/codes/:code', () => {
  const check = (code: string) => t.app.inject({ url: `/api/referral/codes/${encodeURIComponent(code)}` });

  it("answers valid for an account's code, in either case, signed out, and says nothing of whose it is", async () => {
    const referrer = await makeUser(t.app);
    for (const code of [referrer.user.referralCode, referrer.user.referralCode.toLowerCase()]) {
      const res = await check(code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true });
    }
  });

  it('answers invalid for a well-formed code no account has, and 400 for a malformed one', async () => {
    expect((await check('NOSUCHCODE')).json()).toEqual({ valid: false });
    expect((await check('<script>')).statusCode).toBe(400);
  });

  it('limits each address as the password checks are limited', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '2' });
    const codes = ['GUESS001', 'GUESS002', 'GUESS003'];
    const statuses = [];
    for (const code of codes) statuses.push((await limited.app.inject({ url: `/api/referral/codes/${code}` })).statusCode);
    await limited.close();
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('GET /api/referral', () => {
  it('is documented in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/referral', '/api/referral/redeem']));
  });

  it('answers 401 signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/referral' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/referral/redeem', payload: {} })).statusCode).toBe(401);
  });

  it('shows the code, the link, the months, the value from the catalogue and who signed up', async () => {
    const referrer = await makeUser(t.app);
    const code = referrer.user.referralCode;
    const a = await signUpWithRef(code);
    await signUpWithRef(code);
    await t.db.transaction((tx) => creditReferrerForFirstPayment(tx, a.user.id, 'evt_first'));

    const res = await getState(referrer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<ReferralState>()).toEqual({
      code,
      // No PUBLIC_URL: the path only, which the page completes with its own origin.
      link: `/auth?ref=${code}`,
      freeProMonthsRemaining: 1,
      valuePerReferralCents: 499,
      signedUp: 2,
      credited: 1,
      notEligible: { sameDeviceOrNetwork: 0, sameCard: 0 },
      proUntil: null,
    });
  });

  it('never builds the link from the Host header: without PUBLIC_URL it is the path, whatever Host or X-Forwarded-Host say', async () => {
    const u = await makeUser(t.app);
    await setReferral(u.user.id, { freeProMonthsRemaining: 1 });
    const forged = { cookie: u.cookie, host: 'evil.example' };
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/referral', headers: forged }),
      await t.app.inject({ method: 'POST', url: '/api/referral/redeem', headers: forged }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('evil.example');
      expect(res.json<ReferralState>().link).toBe(`/auth?ref=${u.user.referralCode}`);
    }

    // Behind a trusted proxy the forwarded host is no better.
    // (COOKIE_SECURE=never keeps the plain cookie name that makeUser's cookie has, over the forwarded https.)
    const proxied = await buildTestApp({ TRUST_PROXY: 'true', COOKIE_SECURE: 'never' });
    try {
      const p = await makeUser(proxied.app);
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/referral',
        headers: { cookie: p.cookie, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      });
      expect(res.body).not.toContain('evil.example');
      expect(res.json<ReferralState>().link).toBe(`/auth?ref=${p.user.referralCode}`);
    } finally {
      await proxied.close();
    }
  });

  it('builds the link on PUBLIC_URL when one is configured, whatever the Host header says', async () => {
    const other = await buildTestApp({ PUBLIC_URL: 'https://coach.example.com/app' });
    try {
      const u = await makeUser(other.app);
      const res = await other.app.inject({ method: 'GET', url: '/api/referral', headers: { cookie: u.cookie, host: 'evil.example' } });
      expect(res.json<ReferralState>().link).toBe(`https://coach.example.com/auth?ref=${u.user.referralCode}`);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/referral/redeem', () => {
  it('turns one month into 30 days of Pro, counted from now when nothing is running', async () => {
    const u = await makeUser(t.app);
    await setReferral(u.user.id, { freeProMonthsRemaining: 2 });
    const res = await redeem(u.cookie);
    expect(res.statusCode).toBe(200);
    const state = res.json<ReferralState>();
    expect(state.freeProMonthsRemaining).toBe(1);
    expect(state.proUntil).toBe(new Date(t.clock.now().getTime() + 30 * DAY_MS).toISOString());
    // The same on a later GET.
    expect((await getState(u.cookie)).json<ReferralState>()).toMatchObject({ freeProMonthsRemaining: 1, proUntil: state.proUntil });
  });

  it('extends from the end of the days already running, or from now once they have run out', async () => {
    const u = await makeUser(t.app);
    const now = t.clock.now().getTime();
    await setReferral(u.user.id, { freeProMonthsRemaining: 2, referralProUntil: new Date(now + 10 * DAY_MS) });
    expect((await redeem(u.cookie, {})).json<ReferralState>().proUntil).toBe(new Date(now + 40 * DAY_MS).toISOString());

    await setReferral(u.user.id, { referralProUntil: new Date(now - 5 * DAY_MS) });
    const res = await redeem(u.cookie, {});
    expect(res.json<ReferralState>()).toMatchObject({ freeProMonthsRemaining: 0, proUntil: new Date(now + 30 * DAY_MS).toISOString() });
  });

  it('answers 409 with nothing to redeem and changes nothing', async () => {
    const u = await makeUser(t.app);
    const res = await redeem(u.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You have no free Pro months to redeem.' });
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ freeProMonthsRemaining: 0, referralProUntil: null });
  });

  it('redeems the last month once when asked twice at the same moment', async () => {
    const u = await makeUser(t.app);
    await setReferral(u.user.id, { freeProMonthsRemaining: 1 });
    const answers = await Promise.all([redeem(u.cookie), redeem(u.cookie), redeem(u.cookie)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row?.freeProMonthsRemaining).toBe(0);
    expect(row?.referralProUntil?.toISOString()).toBe(new Date(t.clock.now().getTime() + 30 * DAY_MS).toISOString());
  });

  it('refuses any body that tries to choose what is redeemed (mass assignment), changing nothing', async () => {
    const u = await makeUser(t.app);
    await setReferral(u.user.id, { freeProMonthsRemaining: 1 });
    for (const payload of [{ months: 12 }, { freeProMonthsRemaining: 99 }, { referralProUntil: '2099-01-01T00:00:00Z' }, { plan: 'pro' }]) {
      expect((await redeem(u.cookie, payload)).statusCode).toBe(400);
    }
    // Another user's id is refused before anything runs (product §2).
    expect((await redeem(u.cookie, { userId: u.user.id + 1000 })).statusCode).toBe(403);
    expect(await monthsOf(u.user.id)).toBe(1);
  });
});

describe('creditReferrerForFirstPayment', () => {
  it('credits exactly one month when ten deliveries race in separate transactions', async () => {
    const referrer = await makeUser(t.app);
    const { user } = await signUpWithRef(referrer.user.referralCode);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.db.transaction((tx) => creditReferrerForFirstPayment(tx, user.id, `evt_race_${i}`))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await monthsOf(referrer.user.id)).toBe(1);
    const credits = await t.db.select().from(referralCredits).where(eq(referralCredits.referredUserId, user.id));
    expect(credits).toHaveLength(1);
    expect(credits[0]?.referrerId).toBe(referrer.user.id);
  });

  it('credits nothing for self-referral, an unknown code, or a user nobody referred', async () => {
    const self = await makeUser(t.app);
    await t.db.update(users).set({ referredBy: self.user.referralCode }).where(eq(users.id, self.user.id));
    expect(await t.db.transaction((tx) => creditReferrerForFirstPayment(tx, self.user.id, 'evt_self'))).toBe(false);
    expect(await monthsOf(self.user.id)).toBe(0);

    const orphan = await makeUser(t.app);
    await t.db.update(users).set({ referredBy: 'GONE2345' }).where(eq(users.id, orphan.user.id));
    expect(await t.db.transaction((tx) => creditReferrerForFirstPayment(tx, orphan.user.id, 'evt_unknown'))).toBe(false);

    const nobody = await makeUser(t.app);
    expect(await t.db.transaction((tx) => creditReferrerForFirstPayment(tx, nobody.user.id, 'evt_none'))).toBe(false);

    const credits = await t.db.select().from(referralCredits);
    expect(credits.some((c) => [self.user.id, orphan.user.id, nobody.user.id].includes(c.referredUserId))).toBe(false);
  });
});
