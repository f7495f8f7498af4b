/**
 * `npm run try:instances`: docs/deploying.md tried on this machine. Three app processes on one
 * PostgreSQL behind HAProxy (docs/deploy/haproxy.cfg, unchanged) on loopback; a rep's journey
 * through the proxy (sign up, a streamed coach reply, pay for Pro, post, sign out); then load
 * through the proxy while one process is killed with SIGKILL. Prints what was lost.
 *
 * Needs HAProxy (`apt-get install haproxy`); not part of `npm test`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { exited, startChildApp, type ChildApp } from '../src/server/test/child-app.js';

const say = (m: string) => console.log(`[instances] ${m}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function main(): Promise<void> {
  if (spawnSync('haproxy', ['-v']).status !== 0) throw new Error('HAProxy is not installed (apt-get install haproxy)');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'salescoach-instances-'));
  fs.chmodSync(root, 0o755);
  const children: ChildProcess[] = [];
  const db = await startEmbeddedPostgres({ clusterDir: path.join(root, 'postgres'), port: 0 });
  try {
    const admin = new pg.Client({ connectionString: db.url() });
    await admin.connect();
    await admin.query('create database salescoach');
    await admin.end();
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const ports = [await freePort(), await freePort(), await freePort()];
    const env = { DATABASE_URL: db.url('salescoach'), TRUST_PROXY: 'true', PUBLIC_URL: publicUrl, TRIAL_DAYS: '0', AUTH_RATE_LIMIT_PER_IP: '100000', CHAT_MESSAGES_PER_MINUTE: '1000', CHAT_CONVERSATIONS_PER_HOUR: '1000' };
    // Started together on an empty database: the migrations' advisory lock lets one migrate.
    const apps: ChildApp[] = await Promise.all(ports.map((port) => startChildApp(root, { ...env, PORT: String(port) })));
    children.push(...apps.map((a) => a.child));
    const proxy = spawn('haproxy', ['-db', '-f', path.resolve('docs/deploy/haproxy.cfg')], {
      env: { ...process.env, LISTEN: `127.0.0.1:${proxyPort}`, APP1: `127.0.0.1:${ports[0]}`, APP2: `127.0.0.1:${ports[1]}`, APP3: `127.0.0.1:${ports[2]}` },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(proxy);
    for (let i = 0; i < 100; i++) {
      if ((await fetch(`${publicUrl}/api/health`).catch(() => null))?.status === 200) break;
      await sleep(100);
    }
    say(`3 app processes (ports ${ports.join(', ')}) behind HAProxy at ${publicUrl}`);

    // A rep's journey, every request through the proxy, as a browser on the public origin sends it.
    const headers = (cookie = '') => ({ 'content-type': 'application/json', origin: publicUrl, ...(cookie ? { cookie } : {}) });
    const post = (url: string, body: unknown, cookie?: string) => fetch(`${publicUrl}${url}`, { method: 'POST', headers: headers(cookie), body: JSON.stringify(body) });
    const signup = await post('/api/auth/signup', { username: 'proxy_rep', email: 'proxy_rep@example.com', password: 'Pipeline-Builder-77' });
    const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const { sessionId } = (await (await post('/api/chat/session', {}, cookie)).json()) as { sessionId: string };
    const streamStarted = Date.now();
    const stream = await post('/api/chat/message/stream', { sessionId, clientId: randomUUID(), message: 'My prospect said send me some info and hung up.' }, cookie);
    if (stream.status !== 200) say(`stream answered ${stream.status}: ${await stream.clone().text()}`);
    const reader = stream.body?.getReader();
    let firstEventMs = -1;
    let body = '';
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      if (firstEventMs < 0) firstEventMs = Date.now() - streamStarted;
      body += new TextDecoder().decode(chunk.value);
    }
    const created = (await (await post('/api/create-pro-subscription', { attemptId: randomUUID() }, cookie)).json()) as { clientSecret: string; subscriptionId: string };
    const paid = await post('/api/sandbox/confirm-payment', { clientSecret: created.clientSecret, card: CARD }, cookie);
    const confirmed = await post('/api/payment-success', { subscriptionId: created.subscriptionId }, cookie);
    const posted = await post('/api/community/posts', { title: 'Through the proxy', content: 'Posted via HAProxy.', category: 'general' }, cookie);
    const signout = await post('/api/auth/signout', {}, cookie);
    const after = await fetch(`${publicUrl}/api/user`, { headers: headers(cookie) });
    const journey = [
      ['sign-up', signup.status === 201],
      [`streamed reply (first bytes after ${firstEventMs} ms, events: ${(body.match(/^event: \w+/gm) ?? []).join(' ')})`, body.includes('event: done')],
      ['pay for Pro', paid.status === 200 && confirmed.status === 200],
      ['post', posted.status === 201],
      ['sign-out ends the session on every process', signout.status === 200 && after.status === 401],
    ] as const;
    for (const [step, ok] of journey) say(`journey: ${step}: ${ok ? 'ok' : 'FAILED'}`);

    // Load through the proxy; one process killed in the middle of it.
    let stop = false;
    let inFlight = 0;
    let inFlightAtKill = -1;
    const counts = { ok: 0, failed: 0, failedStartedAfterKill: 0 };
    let killedAt = 0;
    const worker = async (w: number) => {
      for (let n = 0; !stop; n++) {
        inFlight++;
        const startedAt = Date.now();
        try {
          const name = `load${w}_${n}`;
          const res = await post('/api/auth/signup', { username: name, email: `${name}@example.com`, password: 'Pipeline-Builder-77' });
          const c = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
          const ok = res.status === 201 && (await fetch(`${publicUrl}/api/user`, { headers: headers(c) })).status === 200;
          if (ok) counts.ok++;
          else {
            if (killedAt && startedAt > killedAt) say(`failed after the kill (+${startedAt - killedAt} ms): sign-up ${res.status} ${(await res.text().catch(() => '')).slice(0, 100)}`);
            counts.failed++;
            if (killedAt && startedAt > killedAt) counts.failedStartedAfterKill++;
          }
        } catch (err) {
          if (killedAt && startedAt > killedAt) say(`failed after the kill (+${startedAt - killedAt} ms): ${String(err)}`);
          counts.failed++;
          if (killedAt && startedAt > killedAt) counts.failedStartedAfterKill++;
        } finally {
          inFlight--;
        }
      }
    };
    const workers = Array.from({ length: 12 }, (_, w) => worker(w));
    await sleep(3_000);
    inFlightAtKill = inFlight;
    const victim = apps[1] as ChildApp;
    killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await exited(victim.child);
    await sleep(5_000);
    stop = true;
    await Promise.all(workers);
    say(
      `load through the proxy, 12 workers (sign-up + GET /api/user each): ${counts.ok} journeys ok, ${counts.failed} failed; ` +
        `one process killed with SIGKILL after 3 s, when ${inFlightAtKill} journeys were in flight across the three; ${counts.failed - counts.failedStartedAfterKill} of the failures had started before the kill, ${counts.failedStartedAfterKill} after it`,
    );
    if (journey.some(([, ok]) => !ok) || counts.failedStartedAfterKill > 0 || counts.failed > inFlightAtKill) process.exitCode = 1;
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(children.map(exited));
    await db.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
