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
  // BENCH_APP_NODE_ARGS passes flags to the app's node only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
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
  return { url: url.replace('localhost', '127.0.0.1'), stop, pid: child.pid, dataDir };
}

const CLOCK_TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux

/** CPU time (user + system, ms) used so far by each process. Linux only. */
function cpuMsByPid(pids) {
  const out = new Map();
  for (const pid of pids) {
    const fields = readProc(pid, 'stat').split(') ')[1]?.split(' ');
    if (fields) out.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_MS);
  }
  return out;
}

/** CPU time used between two readings, by processes alive at the second (new ones count from 0). */
function cpuMsBetween(before, after) {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

const pidsUnderProc = () => (fs.existsSync('/proc/self/stat') ? fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e)).map(Number) : []);
const readProc = (pid, file) => {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return ''; // gone, or not ours to read
  }
};

/** The app's process, and its embedded PostgreSQL's: the server (started with -D in the app's DATA_DIR) and its backends. */
function appProcesses(app) {
  const pids = pidsUnderProc();
  if (!pids.length) return null;
  const server = pids.find((pid) => {
    const cmdline = readProc(pid, 'cmdline');
    return cmdline.includes('postgres') && cmdline.includes(app.dataDir);
  });
  const backends = server ? pids.filter((pid) => Number(readProc(pid, 'stat').split(') ')[1]?.split(' ')[1]) === server) : [];
  return { app: [app.pid], postgres: server ? [server, ...backends] : [] };
}

/**
 * Runs `run` and adds the CPU time per request it cost the app and its embedded PostgreSQL
 * (`cpu: null` when /proc is missing or the database is external). Approximate: a backend that
 * exits during the run takes its time with it.
 */
export async function withCpuPerRequest(app, run) {
  const before = appProcesses(app);
  if (!before?.postgres.length) return { ...(await run()), cpu: null };
  const appBefore = cpuMsByPid(before.app);
  const pgBefore = cpuMsByPid(before.postgres);
  const row = await run();
  const after = appProcesses(app);
  const requests = row.total ?? row.reqPerSec * row.seconds;
  const perRequest = (ms) => (requests ? ms / requests : 0);
  return {
    ...row,
    cpu: {
      appMs: perRequest(cpuMsBetween(appBefore, cpuMsByPid(after.app))),
      postgresMs: perRequest(cpuMsBetween(pgBefore, cpuMsByPid(after.postgres))),
    },
  };
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
  // A fixed `amount` of requests, when given, sets the length of the run instead.
  const result = await autocannon({ connections: 50, ...(opts.amount ? {} : { duration: 10 }), ...opts });
  const row = {
    name,
    seconds: result.duration,
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    // A run of a fixed `amount` lasts under a second or two: per-second averages would misstate it.
    total: result.requests.total,
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
