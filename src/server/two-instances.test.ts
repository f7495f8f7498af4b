/**
 * Two app processes on one PostgreSQL, as someone outgrowing one machine runs them: everything
 * that limits or identifies a user lives in the database, so neither process can be played
 * against the other.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { exited, startChildApp, type ChildApp } from './test/child-app.js';

const started: ChildProcess[] = [];
const unusedDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salescoach-two-'));
let one: ChildApp;
let two: ChildApp;
let databaseUrl = '';

beforeAll(async () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `two_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  // Both start together on an empty database: the migrations' advisory lock lets one migrate.
  const env = { DATABASE_URL: url.toString(), TRIAL_DAYS: '0', AUTH_RATE_LIMIT_PER_ACCOUNT: '3', AUTH_RATE_LIMIT_PER_IP: '1000' };
  [one, two] = await Promise.all([startChildApp(unusedDataDir, env), startChildApp(unusedDataDir, env)]);
  started.push(one.child, two.child);
}, 90_000);

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(started.map(exited));
  fs.rmSync(unusedDataDir, { recursive: true, force: true });
});

const post = (app: ChildApp, url: string, body: unknown, cookie?: string) =>
  fetch(`${app.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });

async function signUp(app: ChildApp, name: string): Promise<string> {
  const res = await post(app, '/api/auth/signup', { username: name, email: `${name}@example.com`, password: 'Pipeline-Builder-77' });
  expect(res.status).toBe(201);
  return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

describe('two app processes on one database', () => {
  it('accepts a session made by one on the other, and a sign-out on one ends it on both', async () => {
    const cookie = await signUp(one, 'two_session');
    const me = await fetch(`${two.url}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe('two_session');
    expect((await post(two, '/api/auth/signout', {}, cookie)).status).toBe(200);
    expect((await fetch(`${one.url}/api/user`, { headers: { cookie } })).status).toBe(401);
  });

  it('holds the per-account sign-in limit across both', async () => {
    await signUp(one, 'two_lockout');
    const wrong = { emailOrUsername: 'two_lockout', password: 'not-the-password' };
    expect((await post(one, '/api/auth/signin', wrong)).status).toBe(401);
    expect((await post(two, '/api/auth/signin', wrong)).status).toBe(401);
    expect((await post(one, '/api/auth/signin', wrong)).status).toBe(401);
    // The right password, on the process that saw only one failure: still locked.
    const locked = await post(two, '/api/auth/signin', { emailOrUsername: 'two_lockout@example.com', password: 'Pipeline-Builder-77' });
    expect(locked.status).toBe(429);
  });

  it('gives exactly one free weekly chat when 25 first messages are spread over both', async () => {
    const cookie = await signUp(one, 'two_free');
    // 25 conversations made while the chat was unused (New Chat itself reuses one empty conversation).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const inserted = await db.query<{ session_id: string }>(
      `insert into chat_sessions (session_id, user_id)
       select gen_random_uuid()::text, u.id from users u, generate_series(1, 25) where u.username = 'two_free'
       returning session_id`,
    );
    await db.end();
    const sessions = inserted.rows.map((r) => r.session_id);
    expect(sessions).toHaveLength(25);
    const codes = await Promise.all(sessions.map((sessionId, i) => post(i % 2 ? two : one, '/api/chat/message', { sessionId, message: 'Cold calls are killing me.' }, cookie).then((r) => r.status)));
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 402)).toHaveLength(24);
    const status = (await (await fetch(`${two.url}/api/chat/status`, { headers: { cookie } })).json()) as { freeChatsRemaining: number };
    expect(status.freeChatsRemaining).toBe(0);
  });
});
