import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, payments, sandboxSubscriptions, sessions, subscriptions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { advanceDays, billing, CARD_DECLINED, CARD_OK, me, post, signInAgain, startCheckout, subscribe } from '../../test/billing.js';
import { grantAdmin, makeAdmin, makeUser } from '../../test/factories.js';
import { RENEWAL_GRACE_DAYS } from './entitlements.js';

/*
 * Time: renewals, Cancel to the period end, a failed renewal's grace. The app runs with
 * SANDBOX_TEST_CLOCK=1, so the clock moves through its own route, as the browser tests move it.
 * Each test has its own app: the clock only moves forward.
 */

const apps: TestApp[] = [];
async function app(env: Record<string, string> = {}) {
  const t = await buildTestApp({ TRIAL_DAYS: '0', SANDBOX_TEST_CLOCK: '1', ...env });
  apps.push(t);
  return t;
}
let plain: TestApp;
beforeAll(async () => {
  plain = await buildTestApp({ TRIAL_DAYS: '0' });
  apps.push(plain);
});
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
});

describe('renewals', () => {
  it('renews month after month with the card on file', async () => {
    const t = await app();
    const u = await makeUser(t.app);
    await subscribe(t, u, 'proPromo');
    expect(await advanceDays(t, 95)).toMatchObject({ renewed: 3, failed: 0, ended: 0 });
    const state = await billing(t, u);
    expect(state).toMatchObject({ plan: 'pro', subscription: { status: 'active', currentPeriodEnd: '2026-05-15T12:00:00.000Z' } });
    const rows = await t.db.select().from(payments).where(eq(payments.userId, u.user.id));
    // The promo's first month, then the full price.
    expect(rows.map((p) => [p.amount, p.status, p.billingReason])).toEqual([
      [299, 'succeeded', 'subscription_create'],
      [499, 'succeeded', 'subscription_cycle'],
      [499, 'succeeded', 'subscription_cycle'],
      [499, 'succeeded', 'subscription_cycle'],
    ]);
    // Running it again at the same moment does nothing.
    expect(await advanceDays(t, 1)).toMatchObject({ renewed: 0, failed: 0, ended: 0 });
  });
});

describe('Cancel and Resume', () => {
  it('Cancel keeps access to the period end, then not; nothing more is charged', async () => {
    const t = await app();
    const u = await makeUser(t.app);
    const { state } = await subscribe(t, u, 'pro');
    const end = state.subscription?.currentPeriodEnd;
    const cancelled = (await post(t, u, '/api/billing/cancel')).json();
    expect(cancelled).toMatchObject({ plan: 'pro', subscription: { status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: end } });
    // Resume undoes it, Cancel again re-does it: each is its own change.
    expect((await post(t, u, '/api/billing/resume')).json()).toMatchObject({ subscription: { cancelAtPeriodEnd: false } });
    expect((await post(t, u, '/api/billing/cancel')).json()).toMatchObject({ subscription: { cancelAtPeriodEnd: true } });
    const rebuy = await startCheckout(t, u, 'pro');
    expect(rebuy.statusCode).toBe(409);
    expect(rebuy.json().message).toBe('Your Pro plan is set to end on 2026-02-15. To keep it, choose Resume on your account page.');

    await advanceDays(t, 30); // Feb 14: the day before the period ends
    expect(await billing(t, u)).toMatchObject({ plan: 'pro' });
    expect(await me(t, u)).toMatchObject({ hasProAccess: true });
    expect(await advanceDays(t, 1)).toMatchObject({ ended: 1, renewed: 0 });
    expect(await billing(t, u)).toMatchObject({ plan: 'free', subscription: { status: 'canceled' }, proUntil: null });
    expect(await me(t, u)).toMatchObject({ hasBasicAccess: false, hasProAccess: false });
    expect(await t.db.select().from(payments).where(eq(payments.userId, u.user.id))).toHaveLength(1);
    // After the end there is nothing to resume; buying again is allowed.
    expect((await post(t, u, '/api/billing/resume')).statusCode).toBe(409);
    expect((await startCheckout(t, u, 'pro')).statusCode).toBe(200);
  });

  it('access ends at the period end by itself, even before the renewal job runs', async () => {
    const t = await app();
    const u = await makeUser(t.app);
    await subscribe(t, u, 'basic');
    await post(t, u, '/api/billing/cancel');
    t.clock.advance(31 * 86_400_000);
    await signInAgain(t, u);
    expect(await billing(t, u)).toMatchObject({ plan: 'free' });
  });

  it('Cancel without a plan is refused', async () => {
    const u = await makeUser(plain.app);
    const res = await post(plain, u, '/api/billing/cancel');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You have no active subscription to cancel.');
    // The client's request helper sends no body at all when it has none.
    const bare = await plain.app.inject({ method: 'POST', url: '/api/billing/cancel', headers: { cookie: u.cookie } });
    expect(bare.statusCode).toBe(409);
  });
});

describe('account deletion', () => {
  it('stops the renewals: the subscription ends at its period end, kept, detached from the person', async () => {
    const t = await app();
    const u = await makeUser(t.app);
    const { created } = await subscribe(t, u, 'pro');
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: u.cookie }, payload: { confirmation: 'DELETE', currentPassword: u.password } });
    expect(res.statusCode).toBe(200);
    expect(await advanceDays(t, 40)).toMatchObject({ renewed: 0, ended: 1 });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, created.subscriptionId));
    expect(row).toMatchObject({ userId: null, status: 'canceled' });
    expect(await t.db.select().from(payments).where(eq(payments.subscriptionId, row?.id ?? 0))).toEqual([expect.objectContaining({ userId: null, amount: 499 })]);
  });
});

describe('a failed renewal', () => {
  it('past_due with the notice through the grace, then Free', async () => {
    const t = await app();
    const u = await makeUser(t.app);
    const { created } = await subscribe(t, u, 'pro');
    // The card on file now declines (a card the sandbox would refuse at renewal).
    await t.db.update(sandboxSubscriptions).set({ cardOnFile: CARD_DECLINED.number.replace(/ /g, '') }).where(eq(sandboxSubscriptions.id, created.subscriptionId));
    expect(await advanceDays(t, 31)).toMatchObject({ failed: 1, renewed: 0 });
    const state = await billing(t, u);
    expect(state).toMatchObject({ plan: 'pro', notice: 'renewal_failed', subscription: { status: 'past_due', graceEndsAt: '2026-02-22T12:00:00.000Z' } });
    expect(state.proUntil).toBe('2026-02-22T12:00:00.000Z');
    const failed = await t.db.select().from(payments).where(eq(payments.userId, u.user.id));
    expect(failed.map((p) => [p.status, p.failureMessage])).toEqual([
      ['succeeded', null],
      ['failed', 'Your card was declined.'],
    ]);
    const again = await startCheckout(t, u, 'pro');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your last renewal payment failed. Your plan continues until 2026-02-22; after that you can subscribe again.');

    expect(await advanceDays(t, RENEWAL_GRACE_DAYS)).toMatchObject({ ended: 1 });
    expect(await billing(t, u)).toMatchObject({ plan: 'free', notice: null, subscription: { status: 'canceled' } });
    expect(await me(t, u)).toMatchObject({ hasBasicAccess: false, hasProAccess: false });
    const chat = (await t.app.inject({ url: '/api/chat/status', headers: { cookie: u.cookie } })).json();
    expect(chat).toMatchObject({ access: 'free' });
    expect((await startCheckout(t, u, 'pro')).statusCode).toBe(200);
  });
});

describe('the test clock', () => {
  it('does not exist in a normal start', async () => {
    const res = await plain.app.inject({ method: 'POST', url: '/api/sandbox/advance-clock', payload: { days: 1 } });
    expect(res.statusCode).toBe(404);
  });

  it('takes whole days from 1 to 400 only', async () => {
    const t = await app();
    const admin = await makeAdmin(t.app, t.db);
    for (const days of [0, 401, 1.5, -3]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/sandbox/advance-clock', headers: { cookie: admin.cookie }, payload: { days } })).statusCode).toBe(400);
    }
  });

  it('moves only for an admin whose panel is unlocked: anyone else is refused and nothing moves', async () => {
    const t = await app();
    const u = await makeUser(t.app);
    await subscribe(t, u, 'pro');
    const sessionsBefore = await t.db.select().from(sessions).orderBy(sessions.tokenHash);
    const locked = await makeUser(t.app);
    await grantAdmin(t.db, locked.user.id);
    const advance = (cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/sandbox/advance-clock', headers: cookie ? { cookie } : {}, payload: { days: 40 } });

    expect((await advance()).statusCode).toBe(401);
    expect((await advance(u.cookie)).statusCode).toBe(403);
    const lockedAnswer = await advance(locked.cookie);
    expect(lockedAnswer.statusCode).toBe(403);
    expect(lockedAnswer.json()).toMatchObject({ code: 'admin_locked' });

    // Nothing moved: no renewal ran, no session was shifted, the period is where it was.
    expect(await billing(t, u)).toMatchObject({ plan: 'pro', subscription: { currentPeriodEnd: '2026-02-15T12:00:00.000Z' } });
    expect(await t.db.$count(payments, eq(payments.userId, u.user.id))).toBe(1);
    const sessionsAfter = await t.db.select().from(sessions).where(inArray(sessions.tokenHash, sessionsBefore.map((s) => s.tokenHash))).orderBy(sessions.tokenHash);
    expect(sessionsAfter.map((s) => [s.lastUsedAt, s.expiresAt])).toEqual(sessionsBefore.map((s) => [s.lastUsedAt, s.expiresAt]));

    // An unlocked admin moves it; the renewal runs, the admin stays unlocked, and the audit log says who.
    const admin = await makeAdmin(t.app, t.db);
    const moved = await advance(admin.cookie);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ renewed: 1 });
    expect((await advance(admin.cookie)).statusCode).toBe(200);
    const [entry] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'sandbox.advance_clock')).limit(1);
    expect(entry).toMatchObject({ actorId: admin.user.id, summary: expect.stringMatching(/^40 day\(s\) forward, to /) });
  });

  it('is refused at start-up with Stripe keys', async () => {
    await expect(
      app({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).rejects.toThrow(/SANDBOX_TEST_CLOCK: only works with the sandbox provider/);
  });
});

describe('an expired first invoice', () => {
  it('an unpaid checkout expires after a day and can no longer be paid', async () => {
    const t = await app();
    const u = await makeUser(t.app);
    const created = (await startCheckout(t, u, 'basic')).json();
    expect(await advanceDays(t, 1)).toMatchObject({ ended: 1 });
    const res = await post(t, u, '/api/sandbox/confirm-payment', { clientSecret: created.clientSecret, card: CARD_OK });
    expect(res.statusCode).toBe(409);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row?.basicUntil).toBeNull();
  });
});
