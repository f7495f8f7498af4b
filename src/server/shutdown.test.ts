/**
 * SIGTERM while requests are open: a streamed reply stops waiting and ends, and the app exits
 * at once; a request stuck on a coach that never answers is cut at SHUTDOWN_TIMEOUT_MS. Either
 * way node and its PostgreSQL are gone within the deadline (before, an open stream kept both
 * alive indefinitely).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, exited, postgresPidIn, startChildApp } from './test/child-app.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salescoach-shutdown-'));
fs.chmodSync(dataDir, 0o755);
const started: ChildProcess[] = [];
const DEADLINE_MS = 2000;

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(started.map(exited));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signedInConversation(url: string, name: string): Promise<{ cookie: string; sessionId: string }> {
  const signup = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'Pipeline-Builder-77' }),
  });
  expect(signup.status).toBe(201);
  const cookie = signup.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const session = await fetch(`${url}/api/chat/session`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
  return { cookie, sessionId: ((await session.json()) as { sessionId: string }).sessionId };
}

/** Sends SIGTERM and answers how long the app took to exit, and with what code. */
async function terminate(child: ChildProcess): Promise<{ ms: number; code: number | null }> {
  const start = Date.now();
  child.kill('SIGTERM');
  const code = await exited(child);
  return { ms: Date.now() - start, code };
}

describe('shutdown with requests open', () => {
  it('ends an open stream at once and exits, PostgreSQL included', async () => {
    // One streamed piece per second: the reply would take a minute or more.
    const app = await startChildApp(dataDir, { COACH_STREAM_DELAY_MS: '1000', SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS) });
    started.push(app.child);
    const { cookie, sessionId } = await signedInConversation(app.url, 'stream_rep');
    const res = await fetch(`${app.url}/api/chat/message/stream`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId, message: 'After I send the proposal they go completely silent.' }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let body = '';
    while (!body.includes('event: delta')) {
      const { value, done } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
    }
    const pg = postgresPidIn(dataDir);

    const stopping = terminate(app.child);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
    }
    const { ms, code } = await stopping;
    // The built-in coach has the whole reply already, so it stops pausing and finishes it; an
    // engine that cannot finish ends with the restarting error (chat.test.ts).
    expect(body.trim().split('\n\n').at(-1)).toMatch(/^event: done\ndata: \{"id":\d+,"role":"assistant"/);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(DEADLINE_MS + 5000);
    expect(alive(pg)).toBe(false);
  }, 90_000);

  it('closes a request that does not finish by the deadline, then stops cleanly', async () => {
    // A coach endpoint that accepts the connection and never answers.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const app = await startChildApp(dataDir, {
        COACH_PROVIDER: 'openai-compatible',
        COACH_BASE_URL: `http://127.0.0.1:${port}/v1`,
        COACH_MODEL: 'never-answers',
        COACH_TIMEOUT_MS: '300000',
        SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS),
      });
      started.push(app.child);
      const { cookie, sessionId } = await signedInConversation(app.url, 'stuck_rep');
      const stuck = fetch(`${app.url}/api/chat/message`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId, message: 'Cold calls are killing me.' }),
      }).then(
        (r) => `answered ${r.status}`,
        () => 'connection closed',
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const pg = postgresPidIn(dataDir);

      const { ms, code } = await terminate(app.child);
      expect(await stuck).toBe('connection closed');
      expect(code).toBe(0);
      expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
      expect(ms).toBeLessThan(DEADLINE_MS + 5000);
      expect(alive(pg)).toBe(false);
      expect(app.output()).toContain('Requests still open after 2000 ms: closing their connections.');
    } finally {
      silent.close();
    }
  }, 90_000);
});
