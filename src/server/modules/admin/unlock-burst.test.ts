import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantAdmin, makeUser, type SignedInUser } from '../../test/factories.js';
import { UNLOCK_LIMIT } from './service.js';

/*
 * The admin unlock under a burst of guesses (ASVS L2 probe): the attempt is counted before the
 * secret is compared, so no more than UNLOCK_LIMIT.max secrets are ever checked per window.
 */

const ADMIN_KEY = 'operator-chosen-key-2026';

async function burst(t: TestApp, admin: SignedInUser, guesses: number) {
  const unlock = (secret: string) => t.app.inject({ method: 'POST', url: '/api/admin/unlock', headers: { cookie: admin.cookie }, payload: { secret } });
  const codes = (await Promise.all(Array.from({ length: guesses }, (_, i) => unlock(`Wrong-Guess-${i}-padding`)))).map((r) => r.statusCode);
  const failedInLog = await t.db.$count(adminAuditLog, and(eq(adminAuditLog.actorId, admin.user.id), eq(adminAuditLog.action, 'admin.unlock_failed')));
  return { codes, failedInLog, unlock };
}

describe.each([
  ['their password', {}],
  ['ADMIN_KEY', { ADMIN_KEY }],
] as const)('30 parallel wrong unlocks with %s', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(env);
  });
  afterAll(async () => t.close());

  it('compares at most the limit of them, and then refuses the right secret', async () => {
    const admin = await makeUser(t.app);
    await grantAdmin(t.db, admin.user.id);
    const { codes, failedInLog, unlock } = await burst(t, admin, 30);
    // 400 = the secret was compared and was wrong; 429 = refused before any comparison.
    expect(codes.filter((c) => c === 400)).toHaveLength(UNLOCK_LIMIT.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - UNLOCK_LIMIT.max);
    expect(failedInLog).toBe(UNLOCK_LIMIT.max);
    const right = await unlock('ADMIN_KEY' in env ? ADMIN_KEY : admin.password);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many failed unlock attempts. Try again in 15 minutes.');
  });
});
