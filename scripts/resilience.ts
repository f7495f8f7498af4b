/**
 * `npm run test:resilience`: the app as a user runs it (src/server/main.ts in a child process)
 * under concurrent writes, while its process or its database fails.
 *
 * 1. kill -9 of the app at a random moment, ten times, on its embedded database: after each
 *    restart every write that was answered 2xx is there (sign-ups, chat turns, payments,
 *    posts), and nothing is half done (an answered turn without its reply, a paid subscription
 *    without its payment).
 * 2. Its PostgreSQL (external, DATABASE_URL) restarted with transactions in flight, stopped,
 *    and frozen (SIGSTOP) under load: the app never exits, never answers 500, answers every
 *    request within the statement timeout (503 with Retry-After while the database is away),
 *    and serves again by itself once the database is back.
 * 3. SIGTERM under load: the app drains and exits within 10 s.
 *
 * Prints its figures and exits 1 on the first broken promise.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/server/db/embedded.js';
import { runningServerUrl } from '../src/server/db/embedded.js';
import { alive, exited, startChildApp, type ChildApp } from '../src/server/test/child-app.js';

const ROUNDS = Number(process.env.RESILIENCE_ROUNDS ?? 10);
const WORKERS = 6;
const STATEMENT_TIMEOUT_MS = 2_000;
/** The statement timeout, the driver's 1 s grace, and room for a loaded 2-core machine. */
const ANSWER_WITHIN_MS = STATEMENT_TIMEOUT_MS + 1_000 + 2_000;
const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const BASE_ENV = { TRIAL_DAYS: '0', AUTH_RATE_LIMIT_PER_IP: '1000000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000', CHAT_MESSAGES_PER_MINUTE: '1000', CHAT_CONVERSATIONS_PER_HOUR: '1000' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (m: string) => console.log(`[resilience] ${m}`);
const failures: string[] = [];
let passedChecks = 0;
const check = (ok: boolean, what: string) => {
  if (ok) passedChecks++;
  else {
    failures.push(what);
    say(`FAIL: ${what}`);
  }
};
const children: ChildProcess[] = [];
const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  tempDirs.push(dir);
  return dir;
}
async function start(dataDir: string, env: Record<string, string>): Promise<ChildApp> {
  const app = await startChildApp(dataDir, { ...BASE_ENV, ...env });
  children.push(app.child);
  return app;
}

/** What the writers were told had been done: each must be in the database afterwards. */
interface Acknowledged {
  users: string[];
  turns: { sessionId: string; clientId: string }[];
  payments: { username: string; subscriptionId: string }[];
  posts: number[];
}

interface Tally {
  ok: number;
  unavailable: number;
  refused: number;
  serverErrors: number;
  slow: number;
  networkErrors: number;
  slowest: number;
  /** The first few unexpected answers, for the report. */
  samples: string[];
}
const newTally = (): Tally => ({ ok: 0, unavailable: 0, refused: 0, serverErrors: 0, slow: 0, networkErrors: 0, slowest: 0, samples: [] });

/** One request, timed and counted; answers the response, or null when the connection failed. */
async function call(tally: Tally, base: string, url: string, body?: unknown, cookie?: string): Promise<Response | null> {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    // A stream's time is its whole body: read it here, so the timing covers it.
    const text = await res.text();
    const ms = Date.now() - started;
    tally.slowest = Math.max(tally.slowest, ms);
    if (ms > ANSWER_WITHIN_MS) tally.slow++;
    if (res.status >= 500 && res.status !== 503) tally.serverErrors++;
    else if (res.status === 503) tally.unavailable++;
    else if (res.status >= 400) tally.refused++;
    else tally.ok++;
    if (res.status >= 400 && res.status !== 503 && tally.samples.length < 3) tally.samples.push(`${url} ${res.status} ${text.slice(0, 120)}`);
    return new Response(text, { status: res.status, headers: res.headers });
  } catch {
    tally.networkErrors++;
    return null;
  }
}

/** One user's life, over and over until `stop`: sign up, a chat turn, pay for Pro, post. */
async function writer(base: string, id: string, ack: Acknowledged, tally: Tally, stop: () => boolean): Promise<void> {
  for (let n = 0; !stop(); n++) {
    const username = `r${id}_${n}_${Math.random().toString(36).slice(2, 7)}`.replace(/[^A-Za-z0-9_]/g, '').slice(0, 30);
    const signup = await call(tally, base, '/api/auth/signup', { username, email: `${username}@example.com`, password: 'Pipeline-Builder-77' });
    if (signup?.status !== 201) {
      // As a browser would: a pause before trying again, not a tight loop against a 503.
      await sleep(200);
      continue;
    }
    ack.users.push(username);
    const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    if (stop()) return;
    const session = await call(tally, base, '/api/chat/session', {}, cookie);
    if (session?.status === 201 || session?.status === 200) {
      const { sessionId } = (await session.json()) as { sessionId: string };
      const clientId = randomUUID();
      const turn = await call(tally, base, '/api/chat/message', { sessionId, clientId, message: 'The buyer said the price is too high and went quiet.' }, cookie);
      if (turn?.status === 200) ack.turns.push({ sessionId, clientId });
    }
    if (stop()) return;
    const created = await call(tally, base, '/api/create-pro-subscription', { attemptId: randomUUID() }, cookie);
    if (created?.status !== 200 && created?.status !== 201) continue;
    const { clientSecret, subscriptionId } = (await created.json()) as { clientSecret: string; subscriptionId: string };
    const paid = await call(tally, base, '/api/sandbox/confirm-payment', { clientSecret, card: CARD }, cookie);
    if (paid?.status !== 200) continue;
    const confirmed = await call(tally, base, '/api/payment-success', { subscriptionId }, cookie);
    if (confirmed?.status !== 200) continue;
    ack.payments.push({ username, subscriptionId });
    if (stop()) return;
    const post = await call(tally, base, '/api/community/posts', { title: `Objection log ${username}`, content: 'What worked on price this week.', category: 'objections' }, cookie);
    if (post?.status === 201) ack.posts.push(((await post.json()) as { id: number }).id);
  }
}

/** Every acknowledged write is in the database, and no half-done one is. */
async function verify(url: string, ack: Acknowledged, label: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const users = await client.query<{ username: string }>('select username from users where username = any($1)', [ack.users]);
    check(users.rowCount === ack.users.length, `${label}: ${ack.users.length - (users.rowCount ?? 0)} acknowledged sign-ups missing`);
    const turns = await client.query<{ n: string }>(
      `select count(*) as n from chat_messages u join chat_sessions s on s.id = u.chat_session_id
        where u.role = 'user' and (s.session_id, u.client_id) in (select * from unnest($1::text[], $2::text[]))
          and exists (select 1 from chat_messages a where a.chat_session_id = u.chat_session_id and a.role = 'assistant' and a.id > u.id)`,
      [ack.turns.map((t) => t.sessionId), ack.turns.map((t) => t.clientId)],
    );
    check(Number(turns.rows[0]?.n) === ack.turns.length, `${label}: ${ack.turns.length - Number(turns.rows[0]?.n)} acknowledged chat turns missing or without their reply`);
    const paid = await client.query<{ n: string }>(
      `select count(*) as n from subscriptions s join users u on u.id = s.user_id
        where s.provider_subscription_id = any($1) and s.status = 'active'`,
      [ack.payments.map((p) => p.subscriptionId)],
    );
    check(Number(paid.rows[0]?.n) === ack.payments.length, `${label}: ${ack.payments.length - Number(paid.rows[0]?.n)} acknowledged payments without an active subscription`);
    const half = await client.query<{ n: string }>(
      `select count(*) as n from subscriptions s where s.status = 'active'
        and not exists (select 1 from payments p where p.subscription_id = s.id and p.status = 'succeeded')`,
    );
    check(Number(half.rows[0]?.n) === 0, `${label}: ${half.rows[0]?.n} active subscriptions without a succeeded payment`);
    const posts = await client.query('select id from forum_posts where id = any($1)', [ack.posts]);
    check(posts.rowCount === ack.posts.length, `${label}: ${ack.posts.length - (posts.rowCount ?? 0)} acknowledged posts missing`);
  } finally {
    await client.end();
  }
}

async function killNineRounds(): Promise<void> {
  const dataDir = tempDir('salescoach-resilience-kill-');
  const totals = { users: 0, turns: 0, payments: 0, posts: 0 };
  for (let round = 1; round <= ROUNDS; round++) {
    const app = await start(dataDir, {});
    const ack: Acknowledged = { users: [], turns: [], payments: [], posts: [] };
    const tally = newTally();
    let stopped = false;
    const writers = Array.from({ length: WORKERS }, (_, w) => writer(app.url, `${round}${w}`, ack, tally, () => stopped));
    await sleep(800 + Math.random() * 2_500);
    app.child.kill('SIGKILL');
    await exited(app.child);
    stopped = true;
    await Promise.all(writers);
    // The next start recovers the orphaned PostgreSQL, as a user's next `npm start` would.
    const next = await start(dataDir, {});
    const url = runningServerUrl(path.join(dataDir, 'postgres'), 'salescoach');
    if (!url) throw new Error('no running embedded PostgreSQL after restart');
    await verify(url, ack, `kill -9 round ${round}`);
    if (tally.samples.length) say(`kill -9 round ${round}: answers other than 2xx and 503, for example: ${tally.samples.join(' | ')}`);
    totals.users += ack.users.length;
    totals.turns += ack.turns.length;
    totals.payments += ack.payments.length;
    totals.posts += ack.posts.length;
    next.child.kill('SIGTERM');
    await exited(next.child);
  }
  say(
    `kill -9 x${ROUNDS}: acknowledged ${totals.users} sign-ups, ${totals.turns} chat turns, ${totals.payments} payments, ${totals.posts} posts; ${failures.length ? 'see failures above' : 'all present, none half done'}`,
  );
}

/** Every process of the cluster: the postmaster and its backends. */
function clusterPids(clusterDir: string): number[] {
  const postmaster = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(postmaster);
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

async function databaseFaults(): Promise<void> {
  const root = tempDir('salescoach-resilience-db-');
  const clusterDir = path.join(root, 'postgres');
  let server: EmbeddedServer = await startEmbeddedPostgres({ clusterDir, port: 0 });
  const port = server.port;
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query('create database salescoach');
  await admin.end();
  const app = await start(tempDir('salescoach-resilience-unused-'), {
    DATABASE_URL: server.url('salescoach'),
    DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    DB_CONNECT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
  });

  /** Load through a fault, then until the app answers again; figures for the fault. */
  async function underLoad(name: string, fault: () => Promise<void>, restore: () => Promise<void>): Promise<void> {
    const tally = newTally();
    const ack: Acknowledged = { users: [], turns: [], payments: [], posts: [] };
    let stopped = false;
    const writers = Array.from({ length: WORKERS }, (_, w) => writer(app.url, `${name.slice(0, 4)}${w}`, ack, tally, () => stopped));
    await sleep(1_500);
    await fault();
    await sleep(STATEMENT_TIMEOUT_MS * 2);
    const restored = Date.now();
    await restore();
    // Back by itself: the first sign-up that succeeds after the database is back.
    let recoveredMs = -1;
    for (let i = 0; i < 200; i++) {
      const probe = await call(newTally(), app.url, '/api/health');
      if (probe?.status === 200) {
        recoveredMs = Date.now() - restored;
        break;
      }
      await sleep(100);
    }
    await sleep(1_000);
    stopped = true;
    await Promise.all(writers);
    check(alive(app.child.pid ?? -1) && app.child.exitCode === null, `${name}: the app exited`);
    check(tally.serverErrors === 0, `${name}: ${tally.serverErrors} answers were 500`);
    if (tally.samples.length) say(`${name}: answers other than 2xx and 503, for example: ${tally.samples.join(' | ')}`);
    check(tally.slow === 0, `${name}: ${tally.slow} answers took longer than ${ANSWER_WITHIN_MS} ms (slowest ${tally.slowest} ms)`);
    check(tally.networkErrors === 0, `${name}: ${tally.networkErrors} requests got no answer`);
    check(recoveredMs >= 0, `${name}: the app did not serve again within 20 s of the database coming back`);
    await verify(server.url('salescoach'), ack, name);
    say(
      `${name}: ${tally.ok} ok, ${tally.unavailable} answered 503, ${tally.refused} other 4xx, ${tally.serverErrors} 500, ${tally.networkErrors} unanswered; slowest ${tally.slowest} ms; serving again ${recoveredMs} ms after the database was back`,
    );
  }

  await underLoad(
    'restart (fast shutdown with transactions in flight)',
    async () => {
      await server.stop();
    },
    async () => {
      server = await startEmbeddedPostgres({ clusterDir, port });
    },
  );
  await underLoad(
    'stopped for 4 s',
    async () => {
      await server.stop();
      await sleep(4_000 - STATEMENT_TIMEOUT_MS * 2);
    },
    async () => {
      server = await startEmbeddedPostgres({ clusterDir, port });
    },
  );
  let frozen: number[] = [];
  await underLoad(
    'frozen (SIGSTOP of every PostgreSQL process)',
    async () => {
      frozen = clusterPids(clusterDir);
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    async () => {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    },
  );

  // SIGTERM under load: drained and gone within 10 s.
  const tally = newTally();
  const ack: Acknowledged = { users: [], turns: [], payments: [], posts: [] };
  let stopped = false;
  const writers = Array.from({ length: WORKERS }, (_, w) => writer(app.url, `term${w}`, ack, tally, () => stopped));
  await sleep(1_500);
  const termAt = Date.now();
  app.child.kill('SIGTERM');
  const code = await exited(app.child);
  const drainMs = Date.now() - termAt;
  stopped = true;
  await Promise.all(writers);
  check(code === 0 && drainMs <= 10_000, `SIGTERM under load: exit code ${code} after ${drainMs} ms`);
  await verify(server.url('salescoach'), ack, 'SIGTERM under load');
  say(`SIGTERM under load: exited ${code} after ${drainMs} ms; ${ack.users.length} sign-ups acknowledged before it, all present`);
  await server.stop();
}

async function main(): Promise<void> {
  const started = Date.now();
  try {
    await killNineRounds();
    await databaseFaults();
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  say(`${passedChecks} checks passed, ${failures.length} failed, in ${Math.round((Date.now() - started) / 1000)} s`);
  // For CI's one closing line (scripts/test-summary.mjs).
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/resilience.json', JSON.stringify({ passed: passedChecks, failed: failures.length, failures }));
  process.exitCode = failures.length ? 1 : 0;
}

await main().catch((err: unknown) => {
  failures.push(String(err));
  say(`stopped by an error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/resilience.json', JSON.stringify({ passed: passedChecks, failed: failures.length, failures }));
  process.exitCode = 1;
});
