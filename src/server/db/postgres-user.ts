/**
 * PostgreSQL refuses to run as root, so as root the app runs it as the `postgres` system user.
 * What that user can reach decides where the cluster and the binaries may live.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface PgUser {
  uid: number;
  gid: number;
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The `postgres` system user, created when missing. */
export function ensurePostgresUser(): PgUser {
  const lookup = (): PgUser => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookup();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
        stdio: 'ignore',
      });
    } catch {
      // Systems without useradd (busybox) have adduser.
      execFileSync('adduser', ['-S', '-D', '-H', 'postgres'], { stdio: 'ignore' });
    }
    return lookup();
  }
}

/**
 * True when `st`'s mode grants `user` every bit of `perm` (4 read, 2 write, 1 search/execute).
 * Like the kernel, only one class applies: owner, else group, else others.
 */
export function permits(st: Pick<fs.Stats, 'mode' | 'uid' | 'gid'>, user: PgUser, perm: number): boolean {
  const granted = st.uid === user.uid ? (st.mode >> 6) & 7 : st.gid === user.gid ? (st.mode >> 3) & 7 : st.mode & 7;
  return (granted & perm) === perm;
}

/** True when `user` may traverse every directory above `target`. */
export function reachableBy(target: string, user: PgUser): boolean {
  let dir = path.dirname(path.resolve(target));
  for (;;) {
    let st: Pick<fs.Stats, 'mode' | 'uid' | 'gid'>;
    try {
      st = fs.statSync(dir);
    } catch {
      // A missing ancestor will be created by mkdirReachable (mode 755, owned by root).
      st = { mode: 0o755, uid: 0, gid: 0 };
    }
    if (!permits(st, user, 1)) return false;
    const parent = path.dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

/**
 * mkdir -p where every directory it creates is mode 755 whatever the umask: under root's
 * umask 077 a plain mkdir would make /var/lib/salescoach unreachable by the postgres user.
 * Directories that already exist are left as they are.
 */
export function mkdirReachable(dir: string): void {
  const first = fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (!first) return;
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    fs.chmodSync(d, 0o755);
    if (d === first || path.dirname(d) === d) return;
  }
}
