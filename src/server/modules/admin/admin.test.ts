import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, users } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { readEnv } from '../../env.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantAdmin, makeAdmin, makeUser, sessionCookieOf, unlockPanel, type SignedInUser } from '../../test/factories.js';
import { adminRoutes, KEY_IN_URL_MESSAGE, SPEC_ADMIN_PATHS } from './routes.js';
import { ADMIN_UNLOCK_MS, UNLOCK_LIMIT } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

interface Operation {
  method: string;
  /** The path as Fastify knows it (`:id`), and a URL to call it with. */
  path: string;
  url: string;
}

/**
 * Every admin route the running app has registered, read from its OpenAPI document: everything
 * under /api/admin, and product §12's feedback triage (GET and PATCH at /api/feedback…, whose POST is
 * public). A route added later (issue #15's moderation) is walked without a change here.
 */
function adminOperations(app: TestApp['app']): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const ops: Operation[] = [];
  for (const [docPath, methods] of Object.entries(doc.paths)) {
    const path = docPath.replace(/\{(\w+)\}/g, ':$1');
    for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
      if (method === 'HEAD') continue;
      const isAdmin = path.startsWith('/api/admin/') || (SPEC_ADMIN_PATHS.includes(path) && method !== 'POST');
      if (isAdmin) ops.push({ method, path, url: path.replace(/:\w+/g, '1') });
    }
  }
  return ops;
}

/** The unlock routes themselves: a locked admin must reach them. */
const UNLOCK_ROUTES = new Set(['GET /api/admin/unlock', 'POST /api/admin/unlock', 'POST /api/admin/lock']);
const key = (op: Operation) => `${op.method} ${op.path}`;

const call = (op: Operation, cookie?: string) =>
  t.app.inject({
    method: op.method as 'GET',
    url: op.url,
    headers: cookie ? { cookie } : {},
    ...(op.method === 'GET' ? {} : { payload: {} }),
  });

describe('who may use the admin API (product §12)', () => {
  it('finds every admin route: escalations, knowledge, feedback triage, the audit log and the unlock', () => {
    const found = adminOperations(t.app).map(key);
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/admin/escalations',
        'POST /api/admin/escalations/:id/respond',
        'POST /api/admin/escalations/:id/close',
        'GET /api/admin/knowledge-base',
        'POST /api/admin/knowledge-base',
        'DELETE /api/admin/knowledge-base',
        'POST /api/admin/knowledge-base/upload',
        'GET /api/admin/knowledge-base/versions',
        'GET /api/admin/knowledge-base/versions/:id',
        'POST /api/admin/knowledge-base/versions/:id/restore',
        'POST /api/admin/test-knowledge',
        'GET /api/feedback',
        'PATCH /api/feedback/:id/status',
        'GET /api/admin/audit',
        'GET /api/admin/unlock',
        'POST /api/admin/unlock',
        'POST /api/admin/lock',
      ]),
    );
    expect(found).not.toContain('POST /api/feedback');
  });

  it('answers 401 without a session, 403 to a user, 403 admin_locked to a locked admin, and lets an unlocked admin through', async () => {
    const user = await makeUser(t.app);
    const locked = await makeUser(t.app);
    await grantAdmin(t.db, locked.user.id);
    const unlocked = await makeAdmin(t.app, t.db);
    const ops = adminOperations(t.app);
    expect(ops.length).toBeGreaterThanOrEqual(17);
    for (const op of ops) {
      const anonymous = await call(op);
      expect(anonymous.statusCode, `${key(op)} anonymous: ${anonymous.body}`).toBe(401);
      const plain = await call(op, user.cookie);
      expect(plain.statusCode, `${key(op)} user: ${plain.body}`).toBe(403);
      expect(plain.json().code, key(op)).toBeUndefined();
      const asLocked = await call(op, locked.cookie);
      // The unlock routes serve a locked admin; every other one refuses with admin_locked.
      const lockedAnswer = [401, 403].includes(asLocked.statusCode) ? { status: asLocked.statusCode, code: asLocked.json<{ code?: string }>().code } : 'served';
      expect(lockedAnswer, `${key(op)} locked admin: ${asLocked.body}`).toEqual(UNLOCK_ROUTES.has(key(op)) ? 'served' : { status: 403, code: 'admin_locked' });
      const open = await call(op, unlocked.cookie);
      expect([401, 403], `${key(op)} unlocked admin: ${open.statusCode} ${open.body}`).not.toContain(open.statusCode);
      // The walk's own Lock call relocks the panel; unlock it again for the next route.
      if (key(op) === 'POST /api/admin/lock') await unlockPanel(t.app, unlocked);
    }
  });

  it('ends the unlock after 30 minutes by the app clock', async () => {
    const admin = await makeAdmin(t.app, t.db);
    const ops = adminOperations(t.app).filter((op) => !UNLOCK_ROUTES.has(key(op)) && op.method === 'GET');
    t.clock.advance(ADMIN_UNLOCK_MS - 1000);
    for (const op of ops) expect((await call(op, admin.cookie)).statusCode, key(op)).not.toBe(403);
    t.clock.advance(1000);
    for (const op of ops) {
      const res = await call(op, admin.cookie);
      expect(res.statusCode, key(op)).toBe(403);
      expect(res.json()).toMatchObject({ code: 'admin_locked' });
    }
    expect((await t.app.inject({ url: '/api/admin/unlock', headers: { cookie: admin.cookie } })).json()).toMatchObject({ unlocked: false, unlockedUntil: null });
  });

  it('takes away the panel at once when admin is revoked (npm run admin -- revoke)', async () => {
    const admin = await makeAdmin(t.app, t.db);
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user.id));
    const res = await t.app.inject({ url: '/api/admin/escalations', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBeUndefined();
  });

  it('refuses an admin key in a URL (the first clients (product §14.2) sent one) before anything else', async () => {
    const admin = await makeAdmin(t.app, t.db);
    for (const url of ['/api/admin/knowledge-base?adminKey=secret', '/api/admin/escalations?status=all&adminkey=x']) {
      const res = await t.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(KEY_IN_URL_MESSAGE);
    }
  });
});

describe('the unlock', () => {
  const unlockWith = (u: SignedInUser, secret: string) => t.app.inject({ method: 'POST', url: '/api/admin/unlock', headers: { cookie: u.cookie }, payload: { secret } });

  it('asks for the password, refuses a wrong one naming the field, and logs the attempt without the secret', async () => {
    const admin = await makeUser(t.app);
    await grantAdmin(t.db, admin.user.id);
    const status = await t.app.inject({ url: '/api/admin/unlock', headers: { cookie: admin.cookie } });
    expect(status.json()).toEqual({ unlocked: false, unlockedUntil: null, secret: 'password' });

    const empty = await unlockWith(admin, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.secret).toEqual(['Please enter your password']);

    const wrong = await unlockWith(admin, 'Not-My-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'That password is not correct.', errors: { secret: ['That password is not correct.'] } });
    const [failed] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.user.id));
    expect(failed).toMatchObject({ action: 'admin.unlock_failed', summary: 'Wrong password' });

    const ok = await unlockWith(admin, admin.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ unlocked: true, unlockedUntil: new Date(t.clock.now().getTime() + ADMIN_UNLOCK_MS).toISOString(), secret: 'password' });
    const entries = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.user.id)).orderBy(desc(adminAuditLog.id));
    expect(entries[0]).toMatchObject({ action: 'admin.unlock', summary: expect.stringContaining('With their password') });
    for (const e of entries) expect(JSON.stringify(e)).not.toContain(admin.password);
  });

  it('stops guessing: after five wrong secrets even the right one waits (429)', async () => {
    const admin = await makeUser(t.app);
    await grantAdmin(t.db, admin.user.id);
    for (let i = 0; i < UNLOCK_LIMIT.max; i++) expect((await unlockWith(admin, `Wrong-Guess-${i}`)).statusCode).toBe(400);
    const blocked = await unlockWith(admin, admin.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
    t.clock.advance(UNLOCK_LIMIT.windowMs);
    expect((await unlockWith(admin, admin.password)).statusCode).toBe(200);
  });

  it('is per session: the same admin on another device stays locked; Lock and sign-out relock', async () => {
    const admin = await makeAdmin(t.app, t.db);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: admin.user.username, password: admin.password } });
    const other = sessionCookieOf(signIn);
    const read = (cookie: string) => t.app.inject({ url: '/api/admin/knowledge-base', headers: { cookie } });
    expect((await read(admin.cookie)).statusCode).toBe(200);
    expect((await read(other)).json()).toMatchObject({ code: 'admin_locked' });

    const locked = await t.app.inject({ method: 'POST', url: '/api/admin/lock', headers: { cookie: admin.cookie } });
    expect(locked.json()).toMatchObject({ unlocked: false });
    expect((await read(admin.cookie)).statusCode).toBe(403);

    await unlockPanel(t.app, { ...admin, cookie: other });
    expect((await read(other)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: other } });
    expect((await read(other)).statusCode).toBe(401);
    // Signing in again starts locked.
    const again = sessionCookieOf(await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: admin.user.username, password: admin.password } }));
    expect((await read(again)).json()).toMatchObject({ code: 'admin_locked' });
  });

  it("ends with the session a password change ends on the admin's other devices", async () => {
    const admin = await makeAdmin(t.app, t.db);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: admin.user.username, password: admin.password } });
    const other = sessionCookieOf(signIn);
    await unlockPanel(t.app, { ...admin, cookie: other });
    const changed = await t.app.inject({ method: 'PUT', url: '/api/account/password', headers: { cookie: admin.cookie }, payload: { currentPassword: admin.password, newPassword: 'Brand-New-Pipeline-77' } });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/knowledge-base', headers: { cookie: other } })).statusCode).toBe(401);
  });
});

describe('with ADMIN_KEY set', () => {
  const ADMIN_KEY = 'operator-chosen-key-2026';
  let k: TestApp;
  beforeAll(async () => {
    k = await buildTestApp({ ADMIN_KEY });
  });
  afterAll(async () => k.close());

  it('unlocks with the key only: the password alone no longer does', async () => {
    const admin = await makeUser(k.app);
    await grantAdmin(k.db, admin.user.id);
    expect((await k.app.inject({ url: '/api/admin/unlock', headers: { cookie: admin.cookie } })).json()).toMatchObject({ secret: 'admin_key' });
    const unlock = (secret: string) => k.app.inject({ method: 'POST', url: '/api/admin/unlock', headers: { cookie: admin.cookie }, payload: { secret } });
    const empty = await unlock('');
    expect(empty.json().errors.secret).toEqual(['Please enter admin key']);
    const byPassword = await unlock(admin.password);
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json()).toMatchObject({ message: 'Invalid admin key' });
    expect((await unlock(ADMIN_KEY)).json()).toMatchObject({ unlocked: true, secret: 'admin_key' });
    const logged = await k.db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.user.id));
    expect(logged.map((e) => e.summary)).toEqual(['Wrong admin key', expect.stringContaining('With the admin key')]);
    expect(JSON.stringify(logged)).not.toContain(ADMIN_KEY);
  });

  it('has no default, and refuses a key too short to outlast the rate limit', () => {
    expect(readEnv({}).ADMIN_KEY).toBeUndefined();
    expect(() => readEnv({ ADMIN_KEY: 'short-key' })).toThrow(/ADMIN_KEY must be at least 16 characters/);
  });

  it('is still refused to a non-admin who knows the key', async () => {
    const user = await makeUser(k.app);
    const res = await k.app.inject({ method: 'POST', url: '/api/admin/unlock', headers: { cookie: user.cookie }, payload: { secret: ADMIN_KEY } });
    expect(res.statusCode).toBe(403);
  });
});

describe('the audit log', () => {
  it('records each successful change (who, what, on what, when), nothing for a refused one, newest first, a page at a time', async () => {
    const admin = await makeAdmin(t.app, t.db);
    const as = { cookie: admin.cookie };
    const before = await t.db.$count(adminAuditLog);
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/knowledge-base', headers: as, payload: { knowledge: ' ' } });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.$count(adminAuditLog)).toBe(before);

    const replaced = await t.app.inject({ method: 'POST', url: '/api/admin/knowledge-base', headers: as, payload: { knowledge: '## Audit test\n\nOne line.' } });
    expect(replaced.statusCode).toBe(200);
    const versionId = replaced.json().version.id;
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'POST', url: `/api/admin/knowledge-base/versions/${versionId}/restore`, headers: as });

    const page1 = await t.app.inject({ url: '/api/admin/audit?limit=2', headers: as });
    expect(page1.statusCode).toBe(200);
    const first = page1.json();
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]).toMatchObject({
      action: 'knowledge.restore',
      targetType: 'knowledge_version',
      targetId: String(versionId),
      actor: { id: admin.user.id, username: admin.user.username },
      createdAt: t.clock.now().toISOString(),
    });
    expect(first.entries[0].id).toBeGreaterThan(first.entries[1].id);
    const page2 = (await t.app.inject({ url: `/api/admin/audit?limit=2&before=${first.nextBefore}`, headers: as })).json();
    expect(page2.entries[0].id).toBeLessThan(first.entries[1].id);
    expect(page2.entries.map((e: { action: string }) => e.action)).toEqual(['knowledge.restore', 'knowledge.replace']);
    expect(page2.entries[1]).toMatchObject({ targetId: String(versionId), summary: '24 characters' });
  });

  it("is in the admin's own data export (product §10.2), and in no one else's", async () => {
    const admin = await makeAdmin(t.app, t.db);
    await t.app.inject({ method: 'POST', url: '/api/admin/lock', headers: { cookie: admin.cookie } });
    const mine = (await t.app.inject({ url: '/api/account/export', headers: { cookie: admin.cookie } })).json();
    expect(mine.adminActions.map((a: { action: string }) => a.action)).toEqual(['admin.unlock', 'admin.lock']);
    const rep = await makeUser(t.app);
    expect((await t.app.inject({ url: '/api/account/export', headers: { cookie: rep.cookie } })).json().adminActions).toEqual([]);
  });

  it('keeps the entries of an admin whose account is deleted, without them', async () => {
    const admin = await makeAdmin(t.app, t.db);
    await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: admin.cookie }, payload: { confirmation: 'DELETE', currentPassword: admin.password } });
    const rows = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'admin.unlock'));
    expect(rows.some((r) => r.actorId === null)).toBe(true);
  });
});

describe('the admin scope refuses, when the app is built, a route that would escape it', () => {
  const build = async (routes: FastifyPluginAsyncZod, prefix?: '/api/admin' | '/api') => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const deps = { db: t.db, env: { ADMIN_KEY: undefined, AUTH_RATE_LIMIT_PER_IP: 30 }, now: t.clock.now } as unknown as AppDeps;
    // The unlock routes use @fastify/rate-limit's route config; without the plugin it is ignored.
    await app.register(adminRoutes(deps, [{ routes, ...(prefix ? { prefix } : {}) }]));
    return app.ready();
  };

  it('a state-changing route that declares no audit', async () => {
    await expect(build(async (app) => void app.post('/forgot-to-audit', async () => ({})))).rejects.toThrow(/POST \/api\/admin\/forgot-to-audit changes state but declares no config.audit/);
    await expect(build(async (app) => void app.delete('/things/:id', async () => ({})))).rejects.toThrow(/declares no config.audit/);
  });

  it('an audit target parameter the path does not have', async () => {
    await expect(build(async (app) => void app.post('/things/:thingId', { config: { audit: { action: 'thing.poke', targetParam: 'id' } } }, async () => ({})))).rejects.toThrow(
      /target parameter "id"/,
    );
  });

  it('a route outside /api/admin (but for product §12 feedback paths)', async () => {
    await expect(build(async (app) => void app.get('/elsewhere', async () => ({})), '/api')).rejects.toThrow(/outside \/api\/admin/);
    await expect(build(async (app) => void app.get('/feedback', async () => ({})), '/api')).resolves.toBeDefined();
  });

  it('accepts a declared one', async () => {
    await expect(build(async (app) => void app.post('/things/:id/poke', { config: { audit: { action: 'thing.poke', targetParam: 'id' } } }, async () => ({})))).resolves.toBeDefined();
  });
});
