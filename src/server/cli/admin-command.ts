/**
 * What `npm run admin -- grant|revoke <username|email>` does (cli/admin.ts is its entry point,
 * this is its work, so tests can call it): makes or unmakes an admin (product §12) and writes
 * the audit entry the panel's own admin actions get, through the same audit service. No account
 * acts here, so the entry's actor is null and its summary names the command line and the OS user
 * who ran it.
 */
import os from 'node:os';
import { and, eq, ne } from 'drizzle-orm';
import { CLI_AUDIT_ACTIONS } from '#shared/schemas/admin.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { recordAudit } from '../modules/admin/service.js';
import { findUserByNameOrEmail } from '../modules/auth/service.js';

export const ADMIN_USAGE = 'Usage: npm run admin -- grant <username|email>\n       npm run admin -- revoke <username|email>';

export interface AdminCommandIo {
  db: Db;
  /** Who ran it, as the audit entry names them (cliActor()). */
  actor: string;
  now: () => Date;
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * `cli (OS user alice)`, or `cli (OS user root, via sudo from alice)`. The OS user is what the
 * machine says (os.userInfo, else $USER), so it records who ran the command, not who they claim to be.
 */
export function cliActor(env: NodeJS.ProcessEnv = process.env): string {
  let user: string | undefined;
  try {
    user = os.userInfo().username;
  } catch {
    // A container user with no passwd entry: the environment is all there is.
    user = env.USER ?? env.LOGNAME;
  }
  const sudo = env.SUDO_USER && env.SUDO_USER !== user ? `, via sudo from ${env.SUDO_USER}` : '';
  return `cli (OS user ${user ?? 'unknown'}${sudo})`;
}

/** Runs the command; the exit code: 0 done, 1 no such user, 2 bad arguments. */
export async function runAdminCommand(argv: string[], io: AdminCommandIo): Promise<number> {
  const [action, who, ...rest] = argv;
  if ((action !== 'grant' && action !== 'revoke') || !who || rest.length > 0) {
    io.err(ADMIN_USAGE);
    return 2;
  }
  const grant = action === 'grant';
  const user = await findUserByNameOrEmail(io.db, who);
  if (!user) {
    io.err(`No user with username or email "${who}".`);
    return 1;
  }
  const name = `${user.username} <${user.email}>`;
  // The change and its entry together: no admin made without a trace, no trace of a change not made.
  const changed = await io.db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ isAdmin: grant })
      .where(and(eq(users.id, user.id), ne(users.isAdmin, grant)))
      .returning({ id: users.id });
    const outcome = grant ? 'is now an admin' : 'is no longer an admin';
    await recordAudit(tx, {
      actorId: null,
      action: grant ? CLI_AUDIT_ACTIONS.grant : CLI_AUDIT_ACTIONS.revoke,
      targetType: 'user',
      targetId: String(user.id),
      summary: `${io.actor}: ${name} ${updated.length > 0 ? outcome : `${grant ? 'was already an admin' : 'was not an admin'} (nothing changed)`}`,
      at: io.now(),
    });
    return updated.length > 0;
  });
  if (changed) io.out(grant ? `${name} is now an admin.` : `${name} is no longer an admin.`);
  else io.out(grant ? `${name} was already an admin.` : `${name} was not an admin.`);
  return 0;
}
