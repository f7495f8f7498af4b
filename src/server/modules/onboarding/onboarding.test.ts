import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser } from '../../test/factories.js';
import { validProfile } from '../../test/profile.js';
import { AGE_MESSAGE } from '#shared/schemas/onboarding.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const submit = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/onboarding', payload: payload as object, headers: cookie ? { cookie } : {} });

describe('POST /api/onboarding', () => {
  it('saves the nine fields for the signed-in user and completes onboarding', async () => {
    const { user, cookie } = await makeUser(t.app);
    expect(user.onboardingCompleted).toBe(false);
    const res = await submit(cookie, validProfile({ city: '  Austin  ' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, onboardingCompleted: true, age: 34, city: 'Austin', targetIncome: 6500, salesExperience: '3-5 years' });
    expect(res.body).not.toContain('passwordHash');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.product).toBe('Practice management software');
  });

  it('answers 401 without a session and writes nothing', async () => {
    const res = await submit(undefined, validProfile());
    expect(res.statusCode).toBe(401);
  });

  it("refuses another user's id in the body with 403 (product §2) and unknown fields with 400, changing nothing", async () => {
    const victim = await makeUser(t.app);
    const attacker = await makeUser(t.app);
    const foreign = await submit(attacker.cookie, { ...validProfile({ city: 'Hijacked' }), userId: victim.user.id });
    expect(foreign.statusCode).toBe(403);
    const extra = await submit(attacker.cookie, { ...validProfile({ city: 'Hijacked' }), id: victim.user.id, isAdmin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors._).toEqual(['Unknown field: id, isAdmin']);
    for (const id of [victim.user.id, attacker.user.id]) {
      const [row] = await t.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({ city: null, isAdmin: false });
    }
    // The caller's own id is what the first clients (product §14.2) send, and it is accepted.
    const own = await submit(attacker.cookie, { ...validProfile({ city: 'Austin' }), userId: attacker.user.id });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: attacker.user.id, city: 'Austin' });
  });

  it.each([
    ['age', 17, AGE_MESSAGE],
    ['age', 101, AGE_MESSAGE],
    ['age', 30.5, AGE_MESSAGE],
    ['age', '34', AGE_MESSAGE],
    ['city', '   ', 'Please enter your city.'],
    ['state', '', 'Please enter your state.'],
    ['salesExperience', '10 years', 'Please select your sales experience'],
    ['currentIncome', -1, 'Please enter a valid commission/bonus amount from last month.'],
    ['targetIncome', -5, 'Please enter a valid commission/bonus target for this month.'],
    ['biggestStruggle', ' ', 'Please describe what you struggle with most in sales.'],
    ['biggestStruggle', 'x'.repeat(501), 'Please keep this under 500 characters.'],
    ['industry', '', 'Please enter your industry.'],
    ['product', '', 'Please enter the product or service you sell.'],
  ])('refuses %s = %j with "%s" and changes nothing', async (field, value, message) => {
    const { user, cookie } = await makeUser(t.app);
    const res = await submit(cookie, validProfile({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.onboardingCompleted).toBe(false);
    expect(row?.city).toBeNull();
  });

  it('refuses a profile with a field missing', async () => {
    const { cookie } = await makeUser(t.app);
    const { product: _drop, ...partial } = validProfile();
    const res = await submit(cookie, partial);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.product).toBeDefined();
  });
});

describe('POST /api/tutorial/seen', () => {
  it('records the first viewing and keeps it', async () => {
    const { cookie } = await makeUser(t.app);
    const first = await t.app.inject({ method: 'POST', url: '/api/tutorial/seen', headers: { cookie } });
    expect(first.statusCode).toBe(200);
    const seenAt = first.json().tutorialSeenAt;
    expect(seenAt).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    const again = await t.app.inject({ method: 'POST', url: '/api/tutorial/seen', headers: { cookie } });
    expect(again.json().tutorialSeenAt).toBe(seenAt);
    const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.json().tutorialSeenAt).toBe(seenAt);
  });

  it('answers 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/tutorial/seen' })).statusCode).toBe(401);
  });
});
