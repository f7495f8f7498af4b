// Shared pieces of the load benchmarks: start the built app and a bare node:http baseline as
// separate processes (so the load generator in this process does not share their event loop),
// run autocannon, print figures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

function waitForLine(child, pattern, what) {
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${out}`)), 90_000);
    const onData = (chunk) => {
      out += chunk.toString();
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}):\n${out}`)));
  });
}

/** A bare node:http server answering a small JSON body: the ceiling any app on this machine can reach. */
export async function startBaseline() {
  const child = spawn(process.execPath, ['bench/bare-server.mjs'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await waitForLine(child, /listening (http:\/\/\S+)/, 'baseline server');
  return { url, stop: () => child.kill('SIGTERM') };
}

/** The built app (`npm run build` first) on a throwaway embedded database. */
export async function startApp(extraEnv = {}) {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salescoach-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv },
  });
  const url = await waitForLine(child, /Ready at (http:\/\/\S+)/, 'app');
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { url: url.replace('localhost', '127.0.0.1'), stop };
}

/** Signs up a fresh user and returns the session cookie. */
export async function signUp(baseUrl, tag) {
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `bench_${tag}`, email: `bench_${tag}@example.com`, password: 'Bench-Marking-2026' }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

export async function load(name, opts) {
  const result = await autocannon({ connections: 50, duration: 10, ...opts });
  const row = {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  return row;
}

export function printTable(rows, baseline) {
  console.log('\nscenario                         req/s     p50 ms   p99 ms   ratio   non-2xx  errors');
  for (const r of rows) {
    const ratio = (r.reqPerSec / baseline.reqPerSec).toFixed(3);
    console.log(
      `${r.name.padEnd(32)} ${String(r.reqPerSec).padStart(7)}  ${String(r.p50ms).padStart(7)}  ${String(r.p99ms).padStart(7)}  ${ratio.padStart(6)}  ${String(r.non2xx).padStart(7)}  ${String(r.errors).padStart(6)}`,
    );
  }
}
