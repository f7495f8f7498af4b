import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, users } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makeAdmin, makeUser } from '../test/factories.js';

/*
 * `npm run admin -- grant|revoke` (product §12) leaves an audit entry like the panel's actions,
 * its actor the command line and the OS user who ran it. The first test runs the real command
 * (tsx, as `npm run admin` does) against this file's test database through DATABASE_URL.
 */

let t: TestApp;
let databaseUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  const url = t.pool.options.connectionString;
  if (!url) throw new Error('the test pool has no connection string');
  databaseUrl = url;
});
afterAll(async () => {
  await t.close();
});

const run = promisify(execFile);
const admin = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, encoding: 'utf8' });

const osUser = (() => {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
})();

const cliEntries = (userId: number) =>
  t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, String(userId))).orderBy(desc(adminAuditLog.id));

describe('npm run admin -- grant / revoke', () => {
  it('grant and revoke each write an audit entry whose actor is the command line and the OS user', async () => {
    const rep = await makeUser(t.app);
    const granted = await admin('grant', rep.user.email);
    expect(granted.stdout).toContain(`${rep.user.username} <${rep.user.email}> is now an admin.`);
    const revoked = await admin('revoke', rep.user.username);
    expect(revoked.stdout).toContain('is no longer an admin.');

    const [row] = await t.db.select().from(users).where(eq(users.id, rep.user.id));
    expect(row?.isAdmin).toBe(false);
    const entries = await cliEntries(rep.user.id);
    expect(entries.map((e) => [e.action, e.targetType, e.actorId])).toEqual([
      ['admin.revoke', 'user', null],
      ['admin.grant', 'user', null],
    ]);
    expect(entries[1]?.summary).toBe(`cli (OS user ${osUser}): ${rep.user.username} <${rep.user.email}> is now an admin`);
    expect(entries[0]?.summary).toBe(`cli (OS user ${osUser}): ${rep.user.username} <${rep.user.email}> is no longer an admin`);
  }, 60_000);

  it('the entries show in the admin panel’s audit log', async () => {
    const rep = await makeUser(t.app);
    await admin('grant', rep.user.username);
    const panel = await makeAdmin(t.app, t.db);
    const page = (await t.app.inject({ url: '/api/admin/audit?limit=5', headers: { cookie: panel.cookie } })).json<{ entries: { action: string; targetId: string | null; summary: string | null }[] }>();
    expect(page.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'admin.grant', targetId: String(rep.user.id), summary: expect.stringMatching(/^cli \(OS user /) })]),
    );
  }, 60_000);

  it('an unknown user, or bad arguments, change nothing and write nothing', async () => {
    const before = await t.db.$count(adminAuditLog);
    await expect(admin('grant', 'nobody-at-all@example.com')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No user with username or email') });
    await expect(admin('promote', 'x')).rejects.toMatchObject({ code: 2 });
    expect(await t.db.$count(adminAuditLog)).toBe(before);
  }, 60_000);
});
