/**
 * The access matrix: every route in the app's own OpenAPI document, called as each of seven
 * callers (anonymous, Free, Basic, Pro, another Pro member sending the first one's ids, an admin
 * with the panel locked, an admin who unlocked it), against the declarations in
 * test/access-matrix.ts. A refused caller must get the declared status and code and change no row
 * in the database; an allowed one must get past the gate. A route without a declaration, or a
 * declaration without a route, fails the suite.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiEscalations, chatMessages, chatSessions } from './db/schema/index.js';
import { subscribe } from './test/billing.js';
import { buildTestApp, type TestApp } from './test/build-test-app.js';
import { makeAdmin, makeUser, sessionCookieOf, unlockPanel, type SignedInUser } from './test/factories.js';
import { adminUser, basicUser, freeUser, proUser, quickProUser } from './test/plan-users.js';
import { ACCESS, ROLES, expectationFor, type Access, type CallerInfo, type Declaration, type Fixtures, type Role, type Sample } from './test/access-matrix.js';

/**
 * Tables a refused call may change by design, left out of the before/after comparison:
 * - rate_limit_counters: the limits count attempts, refused ones included, or they would limit
 *   nothing (the per-address limits run on every request before any gate; the per-user ones, and
 *   the chat's message count, count a hit before the handler looks for the row).
 * Nothing else is left out: the session lookup writes last_used_at at most hourly and the forum's
 * presence at most once a minute (the test clock stands still, and each caller visits the forum
 * in the set-up), referral sightings are not written for a loopback address without a device
 * cookie, and the admin scope writes its audit log only for requests that succeeded.
 */
const UNCOMPARED_TABLES = new Set(['rate_limit_counters']);

/** The app's own origin for an injected request (no socket port: port 80 on the loopback, origin-check.ts). */
const OWN_ORIGIN = 'http://localhost';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head']);

let t: TestApp;
let fixtures: Fixtures;
const callers = new Map<Role, { info: CallerInfo; account: SignedInUser | null }>();
/** Strings only the owner's own answers (and the admins') may contain. */
let ownerMarkers: string[] = [];
let snapshotSql = '';

beforeAll(async () => {
  // High limits, so that no 429 hides an answer; the sandbox's test clock, so that its route exists to be covered.
  t = await buildTestApp({
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    CHAT_MESSAGES_PER_MINUTE: '100000',
    CHAT_CONVERSATIONS_PER_HOUR: '100000',
    COACH_STREAM_DELAY_MS: '0',
    SANDBOX_TEST_CLOCK: '1',
  });

  const tables = await t.pool.query<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  snapshotSql = tables.rows
    .filter((r) => !UNCOMPARED_TABLES.has(r.name))
    .map((r) => `select '${r.name}' as name, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as hash from "${r.name}" x`)
    .join(' union all ');

  const author = await quickProUser(t);
  const spare = await makeUser(t.app);
  const pro = await makeUser(t.app);
  const { created } = await subscribe(t, pro, 'pro');
  const accounts: Record<Exclude<Role, 'anonymous'>, SignedInUser> = {
    free: await freeUser(t),
    basic: await basicUser(t),
    other: await proUser(t),
    adminLocked: await adminUser(t),
    adminUnlocked: await makeAdmin(t.app, t.db),
    pro,
  };
  callers.set('anonymous', { info: { role: 'anonymous', username: '', password: '' }, account: null });
  for (const [role, account] of Object.entries(accounts) as [Exclude<Role, 'anonymous'>, SignedInUser][]) {
    callers.set(role, { info: { role, username: account.user.username, password: account.password }, account });
  }

  // Each caller is who the matrix says it is.
  for (const [role, plan] of [
    ['free', { hasBasicAccess: false, hasProAccess: false, isAdmin: false }],
    ['basic', { hasBasicAccess: true, hasProAccess: false, isAdmin: false }],
    ['pro', { hasProAccess: true, isAdmin: false }],
    ['other', { hasProAccess: true, isAdmin: false }],
    ['adminLocked', { isAdmin: true }],
    ['adminUnlocked', { isAdmin: true }],
  ] as const) {
    expect(await send('GET', '/api/user', accounts[role].cookie), role).toMatchObject(plan);
  }
  expect((await send('GET', '/api/chat/status', accounts.free.cookie)).access).toBe('free');
  expect((await send('GET', '/api/admin/unlock', accounts.adminLocked.cookie)).unlocked).toBe(false);
  expect((await send('GET', '/api/admin/unlock', accounts.adminUnlocked.cookie)).unlocked).toBe(true);

  // The forum: the author's posts and replies, and the owner's own.
  const newPost = async (u: SignedInUser, title: string) => (await send('POST', '/api/community/posts', u.cookie, { title, content: `${title}: what works for you?`, category: 'general' }, 201)).id as number;
  const newReply = async (u: SignedInUser, postId: number, content: string) => (await send('POST', `/api/community/posts/${postId}/replies`, u.cookie, { content }, 201)).id as number;
  const authorPost = await newPost(author, 'Cold openers');
  const authorReply = await newReply(author, authorPost, 'Mine: permission first.');
  const modPost = await newPost(author, 'Something to moderate');
  const modReply = await newReply(author, modPost, 'A reply to moderate.');
  await send('POST', `/api/community/posts/${modPost}/report`, accounts.other.cookie, { reason: 'Spam' });
  await send('POST', `/api/community/replies/${modReply}/report`, accounts.other.cookie, { reason: 'Spam' });
  const ownPost = await newPost(pro, 'Follow-up cadence');
  const ownReply = await newReply(pro, authorPost, 'I ask for the next step on the call.');
  // Everyone with the forum has visited it, so its presence note is written before the matrix, not by a refused call.
  for (const u of [accounts.other, accounts.adminLocked, accounts.adminUnlocked]) await send('GET', '/api/community/overview', u.cookie);

  // The owner's conversation with a coaching reply to log an outcome on, and an escalated one.
  const chatSessionId = (await send('POST', '/api/chat/session', pro.cookie, {}, 201)).sessionId as string;
  const [chat] = await t.db.select().from(chatSessions).where(eq(chatSessions.sessionId, chatSessionId));
  if (!chat) throw new Error('no conversation');
  const now = t.clock.now();
  await t.db.insert(chatMessages).values({ chatSessionId: chat.id, role: 'user', content: 'They say we are too expensive.', createdAt: new Date(now.getTime() - 60_000) });
  const [coachingReply] = await t.db
    .insert(chatMessages)
    .values({
      chatSessionId: chat.id,
      role: 'assistant',
      content: 'Acknowledge it, then ask what they compare the price with.',
      coaching: { stage: 'middle', topics: ['objection_handling'], method: 'LAER' },
      createdAt: new Date(now.getTime() - 30_000),
    })
    .returning({ id: chatMessages.id });
  if (!coachingReply) throw new Error('no coaching reply');
  const escalatedSessionId = (await send('POST', '/api/chat/session', pro.cookie, {}, 201)).sessionId as string;
  await send('POST', '/api/chat/message', pro.cookie, { sessionId: escalatedSessionId, message: 'My prospects ghost me after demos.' });
  await send('POST', '/api/chat/message', pro.cookie, { sessionId: escalatedSessionId, message: 'Can I talk to a real person please?' });
  const [escalation] = await t.db
    .select({ id: aiEscalations.id })
    .from(aiEscalations)
    .innerJoin(chatSessions, eq(chatSessions.id, aiEscalations.chatSessionId))
    .where(eq(chatSessions.sessionId, escalatedSessionId));
  if (!escalation) throw new Error('the conversation was not escalated');

  const feedbackId = (
    await send('POST', '/api/feedback', pro.cookie, { type: 'bug', category: 'chat', subject: 'Owner feedback', message: 'The coach repeated itself twice today.', rating: 3 }, 201)
  ).id as number;
  const knowledge = await t.pool.query<{ id: number }>('select min(id) as id from knowledge_versions');
  const ownCard = (await send('POST', '/api/deck', pro.cookie, { text: 'We need to think about it' }, 201)).id as number;

  fixtures = {
    ownerId: pro.user.id,
    chatSessionId,
    coachingReplyId: coachingReply.id,
    subscriptionId: created.subscriptionId,
    clientSecret: created.clientSecret,
    escalationId: escalation.id,
    feedbackId,
    ownPost,
    ownReply,
    authorPost,
    authorReply,
    modPost,
    modReply,
    knowledgeVersionId: knowledge.rows[0]?.id ?? 0,
    ownCard,
    spare: { username: spare.user.username, password: spare.password },
  };
  ownerMarkers = [chatSessionId, created.subscriptionId, created.clientSecret, pro.user.email, `${pro.user.username}.moved@example.com`];
}, 60_000);

afterAll(async () => t?.close());

/** A set-up request that must succeed; its JSON answer. */
async function send(method: 'GET' | 'POST', url: string, cookie: string, payload?: object, status = 200): Promise<Record<string, unknown>> {
  const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  if (res.statusCode !== status) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A second session of the caller's (unlocked too for the unlocked admin), for routes that end or change the one they are called with. */
async function freshCookie(role: Role): Promise<string | undefined> {
  const caller = callers.get(role);
  if (!caller?.account) return undefined;
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: caller.info.username, password: caller.info.password } });
  const cookie = sessionCookieOf(res);
  if (role === 'adminUnlocked') await unlockPanel(t.app, { ...caller.account, cookie }, caller.info.password);
  return cookie;
}

async function snapshot(): Promise<Map<string, string>> {
  const { rows } = await t.pool.query<{ name: string; hash: string }>(snapshotSql);
  return new Map(rows.map((r) => [r.name, r.hash]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, hash]) => before.get(name) !== hash).map(([name]) => name);
}

function request(key: string, sample: Sample, cookie: string | undefined): Promise<LightMyRequestResponse> {
  const [method = '', template = ''] = key.split(' ');
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = sample.params?.[name];
    if (value === undefined) throw new Error(`${key}: the declaration gives no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return t.app.inject({
    method: method as 'GET',
    url: sample.query ? `${path}?${sample.query}` : path,
    // As the app's own pages send them: the origin check (plugins/origin-check.ts) lets a request
    // without Origin through too, but a browser sends one on every state-changing request.
    headers: { ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : { origin: OWN_ORIGIN }) },
    ...(sample.body !== undefined ? { payload: sample.body as object } : {}),
  });
}

const jsonOf = (res: LightMyRequestResponse): { code?: string } => {
  try {
    return res.json();
  } catch {
    return {};
  }
};

/** The database as it was before the last refused call, while nothing allowed has changed it since. */
let last: Map<string, string> | null = null;
let requests = 0;

/** Calls the route as every caller and answers what went wrong, one line per caller. */
async function runMatrix(key: string, access: Access, declaration: Declaration, build: Declaration['request']): Promise<string[]> {
  const failures: string[] = [];
  for (const role of ROLES) {
    const caller = callers.get(role);
    if (!caller) throw new Error(`no caller ${role}`);
    const expected = expectationFor(access, role);
    const sample = build?.(fixtures, caller.info) ?? {};
    let cookie = caller.account?.cookie;
    if (declaration.freshSession) {
      // Signing in writes a session (and the browser's sighting): the comparison starts after it.
      cookie = await freshCookie(role);
      last = null;
    }
    const before = expected.allowed ? null : (last ?? (await snapshot()));
    const res = await request(key, sample, cookie);
    requests += 1;
    const said = `${role}: ${res.statusCode} ${res.body.slice(0, 200)}`;
    if (expected.allowed) {
      last = null;
      const ok = declaration.ok ?? [];
      const passed = ok.length ? ok.includes(res.statusCode) : res.statusCode >= 200 && res.statusCode < 300;
      if (!passed || [401, 402, 403].includes(res.statusCode)) failures.push(`${said} (expected to get through: ${ok.length ? ok.join('/') : '2xx'})`);
      else {
        const problem = declaration.check?.(res);
        if (problem) failures.push(`${role}: ${problem}`);
        declaration.after?.(caller.info);
      }
    } else {
      const body = jsonOf(res);
      if (res.statusCode !== expected.status || body.code !== expected.code) {
        failures.push(`${said} (expected ${expected.status}${expected.code ? ` ${expected.code}` : ''})`);
      }
      const after = await snapshot();
      const changed = before ? changedTables(before, after) : [];
      if (changed.length) failures.push(`${role}: a refused call changed ${changed.join(', ')}`);
      last = after;
    }
    // Only the owner and the admins may ever see the owner's private ids and address.
    if (role === 'anonymous' || role === 'free' || role === 'basic' || role === 'other') {
      const leaked = ownerMarkers.filter((m) => res.body.includes(m));
      if (leaked.length) failures.push(`${role}: the answer contains the owner's ${leaked.join(', ')}`);
    }
  }
  return failures;
}

describe('the access matrix', () => {
  it("declares every route of the app's OpenAPI document, and no route that is not in it", () => {
    const doc = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
    const routes: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths ?? {})) {
      // The swagger UI's own pages under /api/docs (hidden from the document anyway) serve the
      // documentation itself, the same to everyone; the built client's static files are not API
      // routes (and not in the document: buildTestApp serves no client). Neither has access rules.
      if (path === '/api/docs' || path.startsWith('/api/docs/')) continue;
      for (const method of Object.keys(operations)) {
        // HEAD answers as its GET does (Fastify's automatic HEAD routes), so its GET covers it.
        if (!HTTP_METHODS.has(method) || method === 'head') continue;
        routes.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
    const declared = Object.keys(ACCESS);
    expect(routes.filter((r) => !declared.includes(r)), 'routes without a declaration in test/access-matrix.ts').toEqual([]);
    expect(declared.filter((d) => !routes.includes(d)), 'declarations without a route').toEqual([]);
    expect(routes.length).toBeGreaterThan(70);
  });

  for (const [key, declaration] of Object.entries(ACCESS)) {
    it(key, async () => {
      const failures = await runMatrix(key, declaration.access, declaration, declaration.request);
      if (declaration.also) {
        const { name, access, request: build } = declaration.also;
        for (const failure of await runMatrix(key, access, declaration, build)) failures.push(`${name}: ${failure}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it('made every call', () => {
    const cases = Object.values(ACCESS).reduce((n, d) => n + (d.also ? 2 : 1), 0);
    expect(requests).toBe(cases * ROLES.length);
  });
});
