/**
 * The app as a user runs it, in a child process: data written before a `kill -9` of the app
 * is there after the next start, which finds the orphaned PostgreSQL and recovers it; SIGTERM
 * stops both the app and its database.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, exited, postgresPidIn, startChildApp } from '../test/child-app.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salescoach-crash-'));
fs.chmodSync(dataDir, 0o755);
const started: ChildProcess[] = [];

async function startApp() {
  const app = await startChildApp(dataDir);
  started.push(app.child);
  return app;
}

const postgresPid = () => postgresPidIn(dataDir);

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(started.map(exited));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded database across crashes', () => {
  it('keeps committed rows through a kill -9 of the app, and stops cleanly on SIGTERM', async () => {
    const account = { username: 'crash_rep', email: 'crash@example.com', password: 'Pipeline-Builder-77' };
    const first = await startApp();
    const signup = await fetch(`${first.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(signup.status).toBe(201);

    const orphan = postgresPid();
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(alive(orphan)).toBe(true); // the database outlives the app, as it does in real life

    const second = await startApp();
    expect(second.output()).toContain('left running by an app that ended abruptly');
    expect(alive(orphan)).toBe(false);
    const signin = await fetch(`${second.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: account.username, password: account.password }),
    });
    expect(signin.status).toBe(200);
    expect(((await signin.json()) as { email: string }).email).toBe(account.email);

    const pg = postgresPid();
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    expect(alive(pg)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
