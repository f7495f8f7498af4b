/**
 * The database failing under the app (ASVS V16, fault injection): a connection killed in the
 * middle of a transaction does not end the process; a database that cannot be reached is
 * answered 503 with Retry-After; one that stops answering is answered within the statement
 * timeout; and none of it puts a statement's parameters in the log.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makeUser } from '../test/factories.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lines: string[] = [];
let t: TestApp;
let admin: pg.Client;
let dbName: string;

beforeAll(async () => {
  t = await buildTestApp({ DB_STATEMENT_TIMEOUT_MS: '700', DB_CONNECT_TIMEOUT_MS: '700' }, { logStream: { write: (line) => void lines.push(line) } });
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  dbName = ((await t.pool.query<{ db: string }>('select current_database() as db')).rows[0] as { db: string }).db;
});
afterAll(async () => {
  await admin.end();
  await t.close();
});

/** Ends every connection the app holds to its database, as a PostgreSQL restart does. */
async function terminateAppConnections() {
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
  await sleep(100);
}

describe('the database failing under the app', () => {
  it('survives a connection killed inside a transaction, and the next request works', async () => {
    let uncaught: unknown;
    const onUncaught = (err: unknown) => void (uncaught = err);
    process.on('uncaughtException', onUncaught);
    try {
      const failed = t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await terminateAppConnections();
        // The connection is checked out and idle: the server's goodbye arrives with no query
        // running, which is when an unheard 'error' event used to end the process.
        await sleep(200);
        await tx.execute(sql`select 1`);
      });
      // Drizzle reports the dead connection as a failed query, not as some other error of ours.
      await expect(failed).rejects.toThrow(/^Failed query:/);
      await sleep(50);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toBeUndefined();
    const u = await makeUser(t.app);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: u.cookie } })).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After when a statement outlives the statement timeout', async () => {
    const u = await makeUser(t.app);
    // Another session holds the users table, as a frozen or overloaded database would.
    const blocker = new pg.Client({ connectionString: (t.pool as unknown as { options: { connectionString: string } }).options.connectionString });
    await blocker.connect();
    try {
      await blocker.query('begin; lock table users in access exclusive mode');
      const started = Date.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: u.user.email, password: u.password } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().message).toMatch(/try again/i);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await blocker.query('rollback').catch(() => {});
      await blocker.end();
    }
  });

  it('answers 503 when the database cannot be reached, and logs no parameters', async () => {
    const u = await makeUser(t.app);
    const options = (t.pool as unknown as { options: { connectionString: string } }).options;
    const real = options.connectionString;
    options.connectionString = 'postgres://nobody@127.0.0.1:1/nowhere';
    try {
      await terminateAppConnections();
      lines.length = 0;
      const signin = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: u.user.email, password: u.password } });
      expect(signin.statusCode).toBe(503);
      expect(signin.headers['retry-after']).toBeDefined();
      const me = await t.app.inject({ url: '/api/user', headers: { cookie: u.cookie } });
      expect(me.statusCode).toBe(503);
      const logged = lines.join('\n');
      expect(logged).toContain('database unavailable');
      expect(logged).not.toContain(u.user.email);
      expect(logged).not.toContain(u.cookie.split('=')[1]);
      expect(logged).not.toMatch(/params:/);
    } finally {
      options.connectionString = real;
    }
    // Back by itself once the database is: no restart of the app.
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: u.cookie } })).statusCode).toBe(200);
  });
});

describe('answers that carry nothing they should not', () => {
  it('marks every API answer no-store, signed in or not', async () => {
    const u = await makeUser(t.app);
    for (const url of ['/api/user', '/api/chat/sessions', '/api/billing', '/api/referrals']) {
      const res = await t.app.inject({ url, headers: { cookie: u.cookie } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect((await t.app.inject({ url: '/api/user' })).headers['cache-control']).toBe('no-store');
  });

  it('answers an over-long path parameter with a 4xx and a message, signed in or out, never 500', async () => {
    const u = await makeUser(t.app);
    const long = 'x'.repeat(150);
    for (const url of [`/api/chat/session/${long}`, `/api/community/posts/${long}`]) {
      for (const headers of [{}, { cookie: u.cookie }]) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.json().message).toBeTruthy();
      }
    }
  });

  it('keeps secret-looking query values out of the request log', async () => {
    lines.length = 0;
    await t.app.inject({ url: '/api/admin/knowledge-base?adminKey=hunter2-sentinel&page=2' });
    const logged = lines.join('\n');
    expect(logged).toContain('adminKey=[redacted]');
    expect(logged).toContain('page=2');
    expect(logged).not.toContain('hunter2-sentinel');
  });
});
