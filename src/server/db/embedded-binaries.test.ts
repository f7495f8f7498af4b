/**
 * As root, binaries inside a private directory (a clone under /root) are copied where the
 * postgres user can run them: once, completely, and shared by apps that start together.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBinaries, reachableBinaries, type Binaries } from './embedded-binaries.js';
import { ensurePostgresUser, isRoot, type PgUser } from './postgres-user.js';

const temps: string[] = [];
const tempDir = (mode: number) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salescoach-bins-'));
  fs.chmodSync(dir, mode);
  temps.push(dir);
  return dir;
};

let user: PgUser;
let privatePkg: string;
let privateBins: Binaries;

/** A copy of the platform package, as `npm ci` would leave it, under a directory of the given mode. */
async function installPackage(mode: number): Promise<{ pkg: string; bins: Binaries }> {
  const real = await loadBinaries();
  const realPkg = path.dirname(path.dirname(path.dirname(real.initdb)));
  const pkg = path.join(tempDir(mode), 'node_modules', path.basename(realPkg));
  fs.cpSync(realPkg, pkg, { recursive: true, verbatimSymlinks: true });
  const at = (p: string) => path.join(pkg, path.relative(realPkg, p));
  return { pkg, bins: { initdb: at(real.initdb), postgres: at(real.postgres) } };
}

const runAsPostgres = (bin: string) => spawnSync(bin, ['--version'], { uid: user.uid, gid: user.gid, encoding: 'utf8' });

describe.skipIf(!isRoot())('PostgreSQL binaries in a private directory (runs only as root: only root runs PostgreSQL as another user)', () => {
  beforeAll(async () => {
    user = ensurePostgresUser();
    ({ pkg: privatePkg, bins: privateBins } = await installPackage(0o700));
  });

  afterAll(() => {
    for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies them once where the postgres user can run them, and reuses the copy', async () => {
    expect(runAsPostgres(privateBins.postgres).error).toMatchObject({ code: 'EACCES' });
    const cacheDir = path.join(tempDir(0o755), 'pg-binaries');
    const messages: string[] = [];

    const copied = await reachableBinaries(privateBins, user, { cacheDir, log: (m) => messages.push(m) });
    expect(copied.postgres.startsWith(cacheDir + path.sep)).toBe(true);
    expect(fs.statSync(cacheDir).mode & 0o777).toBe(0o755);
    const run = runAsPostgres(copied.postgres);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/PostgreSQL\) 18/);
    expect(runAsPostgres(copied.initdb).status).toBe(0);
    expect(fs.readdirSync(cacheDir)).toHaveLength(1); // no temp copy left behind
    expect(messages.join('\n')).toMatch(/were copied to .*ms\)/);

    const inode = fs.statSync(copied.postgres).ino;
    const again = await reachableBinaries(privateBins, user, { cacheDir, log: (m) => messages.push(m) });
    expect(again).toEqual(copied);
    expect(fs.statSync(again.postgres).ino).toBe(inode);
    expect(messages.at(-1)).toMatch(/runs from the copy in/);
  });

  it('makes one copy when several apps start at once', async () => {
    const cacheDir = path.join(tempDir(0o755), 'pg-binaries');
    const results = await Promise.all([1, 2, 3].map(() => reachableBinaries(privateBins, user, { cacheDir })));
    expect(new Set(results.map((r) => r.postgres)).size).toBe(1);
    expect(fs.readdirSync(cacheDir)).toHaveLength(1);
    expect(runAsPostgres(results[0]!.postgres).status).toBe(0);
  });

  it('never reuses a half copy, and clears copies cut short by a crash', async () => {
    const cacheDir = path.join(tempDir(0o755), 'pg-binaries');
    const good = await reachableBinaries(privateBins, user, { cacheDir });
    const copyDir = path.dirname(path.dirname(good.postgres));
    // A copy damaged after the fact, and a temp copy whose process (no such pid) died mid-way.
    fs.rmSync(path.join(copyDir, 'share'), { recursive: true });
    const abandoned = path.join(cacheDir, `.${path.basename(copyDir)}.tmp-999999999-abcd1234`);
    fs.mkdirSync(path.join(abandoned, 'bin'), { recursive: true });

    const repaired = await reachableBinaries(privateBins, user, { cacheDir });
    expect(repaired).toEqual(good);
    expect(fs.existsSync(path.join(copyDir, 'share', 'postgresql', 'postgres.bki'))).toBe(true);
    expect(fs.readdirSync(cacheDir)).toEqual([path.basename(copyDir)]);
  });

  it('keeps the copy in step with the package: another version gets its own copy', async () => {
    const cacheDir = path.join(tempDir(0o755), 'pg-binaries');
    const before = await reachableBinaries(privateBins, user, { cacheDir });
    const manifest = path.join(privatePkg, 'package.json');
    const original = fs.readFileSync(manifest, 'utf8');
    try {
      const pkg = JSON.parse(original) as { version: string };
      fs.writeFileSync(manifest, JSON.stringify({ ...pkg, version: `${pkg.version}-next` }));
      const after = await reachableBinaries(privateBins, user, { cacheDir });
      expect(after.postgres).not.toBe(before.postgres);
      expect(after.postgres).toContain('-next-');
    } finally {
      fs.writeFileSync(manifest, original);
    }
  });

  it('runs them in place when the postgres user can reach them', async () => {
    const { bins } = await installPackage(0o755);
    const cacheDir = path.join(tempDir(0o755), 'pg-binaries');
    expect(await reachableBinaries(bins, user, { cacheDir })).toEqual(bins);
    expect(fs.existsSync(cacheDir)).toBe(false);
  });
});
