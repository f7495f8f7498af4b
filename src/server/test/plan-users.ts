import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { subscribe } from './billing.js';
import type { TestApp } from './build-test-app.js';
import { makeUser, type SignedInUser } from './factories.js';

/**
 * A new account on each plan, for the tests of what a plan may do (issue #14's entitlements):
 * Free (the trial ended yesterday on the test clock), Basic and Pro through the sandbox checkout,
 * Pro as billing caches it on the row (where checkout is beside the point), and an admin (granted,
 * panel not unlocked: admins get Pro features everywhere; the admin scope has its own tests).
 */
export async function freeUser(t: TestApp): Promise<SignedInUser> {
  const u = await makeUser(t.app);
  await t.db.update(users).set({ freeSessionExpiresAt: new Date(t.clock.now().getTime() - 24 * 60 * 60 * 1000) }).where(eq(users.id, u.user.id));
  return u;
}

export async function basicUser(t: TestApp): Promise<SignedInUser> {
  const u = await makeUser(t.app);
  await subscribe(t, u, 'basic');
  return u;
}

export async function proUser(t: TestApp): Promise<SignedInUser> {
  const u = await makeUser(t.app);
  await subscribe(t, u, 'pro');
  return u;
}

export async function quickProUser(t: TestApp, until = new Date('2100-01-01T00:00:00Z')): Promise<SignedInUser> {
  const u = await makeUser(t.app);
  await t.db.update(users).set({ proUntil: until }).where(eq(users.id, u.user.id));
  return u;
}

export async function adminUser(t: TestApp): Promise<SignedInUser> {
  const u = await makeUser(t.app);
  await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, u.user.id));
  return u;
}
