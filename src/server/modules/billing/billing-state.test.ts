import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxSubscriptions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { advanceDays, billing, CARD_DECLINED, post, subscribe } from '../../test/billing.js';
import { makeUser } from '../../test/factories.js';

/*
 * Issue #25 item 12: GET /api/billing says while the launch price applies, and which plan ended
 * when. The sandbox's test clock moves time (SANDBOX_TEST_CLOCK=1); the clock starts on
 * 2026-01-15 12:00 UTC, so a month's period ends on 2026-02-15.
 */
const apps: TestApp[] = [];
async function app(trialDays = '0') {
  const t = await buildTestApp({ TRIAL_DAYS: trialDays, SANDBOX_TEST_CLOCK: '1' });
  apps.push(t);
  return t;
}
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
});

describe('the launch promo on the account', () => {
  it('applies for the first month only; after the renewal at the full price it is over', async () => {
    const t = await app();
    const u = await makeUser(t.app);
    const { state } = await subscribe(t, u, 'proPromo');
    expect(state.subscription).toMatchObject({ promo: true, promoPriceActive: true, renewalPriceCents: 499 });
    expect(await advanceDays(t, 31)).toMatchObject({ renewed: 1 });
    expect((await billing(t, u)).subscription).toMatchObject({ promo: true, promoPriceActive: false, renewalPriceCents: 499, status: 'active' });
  });

  it('is never active for a subscription bought at the full price', async () => {
    const t = await app();
    const u = await makeUser(t.app);
    const { state } = await subscribe(t, u, 'pro');
    expect(state.subscription).toMatchObject({ promo: false, promoPriceActive: false });
  });
});

describe('a plan that ended', () => {
  it('names the cancelled plan and the day its paid period ended', async () => {
    const t = await app();
    const u = await makeUser(t.app);
    await subscribe(t, u, 'basic');
    expect((await billing(t, u)).ended).toBeNull();
    await post(t, u, '/api/billing/cancel');
    expect((await billing(t, u)).ended).toBeNull();
    await advanceDays(t, 32);
    expect(await billing(t, u)).toMatchObject({ plan: 'free', ended: { tier: 'basic', endedAt: '2026-02-15T12:00:00.000Z' } });
  });

  it('after a failed renewal, the end of the grace is when access ended', async () => {
    const t = await app();
    const u = await makeUser(t.app);
    const { created } = await subscribe(t, u, 'pro');
    await t.db.update(sandboxSubscriptions).set({ cardOnFile: CARD_DECLINED.number.replace(/ /g, '') }).where(eq(sandboxSubscriptions.id, created.subscriptionId));
    await advanceDays(t, 31);
    expect((await billing(t, u)).ended).toBeNull();
    await advanceDays(t, 10);
    expect(await billing(t, u)).toMatchObject({ plan: 'free', ended: { tier: 'pro', endedAt: '2026-02-22T12:00:00.000Z' } });
  });

  it('inside a trial that outlasts the plan, says until when the trial runs', async () => {
    const t = await app('60');
    const u = await makeUser(t.app);
    await subscribe(t, u, 'basic');
    // While Basic runs the trial is not what the user has: no trial date to tell.
    expect((await billing(t, u)).trialEndsAt).toBeNull();
    await post(t, u, '/api/billing/cancel');
    await advanceDays(t, 32);
    const state = await billing(t, u);
    expect(state).toMatchObject({ plan: 'trial', ended: { tier: 'basic', endedAt: '2026-02-15T12:00:00.000Z' } });
    expect(state.trialEndsAt).not.toBeNull();
    expect(new Date(state.trialEndsAt ?? '') > new Date('2026-02-16T12:00:00.000Z')).toBe(true);
  });
});
