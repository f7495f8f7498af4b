import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { desc, eq, lt } from 'drizzle-orm';
import { ADMIN_UNLOCK_MINUTES, type AdminUnlockSecret, type AdminUnlockStatus, type AuditPage, type AuditQuery } from '#shared/schemas/admin.js';
import type { Db, Executor } from '../../db/client.js';
import { adminAuditLog, users, type UserRow } from '../../db/schema/index.js';
import type { Env } from '../../env.js';
import { HttpError } from '../../plugins/errors.js';
import type { Limit } from '../../plugins/rate-limits.js';
import { clearAttempts, inMinutes, reserveAttempt, setAdminUnlock, verifyPassword } from '../auth/service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What a handler adds to its audit entry: a short summary, or the target when no URL parameter names it. */
    auditNote: { summary?: string; targetId?: string | number } | null;
  }
}

/**
 * Lets a handler in the admin scope describe what it did, for the audit entry the scope writes
 * (modules/admin/routes.ts) once the request has succeeded. Never pass a secret.
 */
export function noteAudit(request: FastifyRequest, note: { summary?: string; targetId?: string | number }): void {
  request.auditNote = { ...request.auditNote, ...note };
}

export const ADMIN_UNLOCK_MS = ADMIN_UNLOCK_MINUTES * 60_000;

/**
 * Failed unlocks per admin account: five per 15 minutes, then 429 until the window ends. With a
 * 16-character key or a password that passed the sign-up rules, that leaves nothing to guess.
 * (The route also counts attempts per address, like every password check.)
 */
export const UNLOCK_LIMIT: Limit = { max: 5, windowMs: 15 * 60_000 };

/** What unlocks the panel here: the key when the operator set one, else the admin's password (product §12). */
export const unlockSecretOf = (env: Pick<Env, 'ADMIN_KEY'>): AdminUnlockSecret => (env.ADMIN_KEY ? 'admin_key' : 'password');

/** Compares two secrets in time independent of where they differ (hashing first evens out the lengths). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function unlockStatus(env: Pick<Env, 'ADMIN_KEY'>, until: Date | null, now: Date): AdminUnlockStatus {
  const open = until !== null && until.getTime() > now.getTime();
  return { unlocked: open, unlockedUntil: open ? until.toISOString() : null, secret: unlockSecretOf(env) };
}

/**
 * Unlocks the admin panel for this session for 30 minutes, when `secret` is the admin's password
 * (or ADMIN_KEY, when set). Every attempt counts against the account's limit before the secret
 * is compared, and a success clears the count; a wrong secret is written to the audit log (never
 * the secret itself); the successful unlock is logged by the admin scope.
 */
export async function unlockAdmin(db: Db, env: Pick<Env, 'ADMIN_KEY'>, admin: UserRow, token: string, secret: string, now: Date): Promise<Date> {
  // Counted before the secret is compared (docs/decisions/0015): checking first and counting
  // after let most of 30 parallel guesses be compared against a limit of 5.
  const { key, wait } = await reserveAttempt(db, `admin-unlock:${admin.id}`, UNLOCK_LIMIT, now);
  if (wait > 0) {
    throw new HttpError(429, `Too many failed unlock attempts. Try again in ${inMinutes(wait)}.`, {
      code: 'rate_limited',
      headers: { 'retry-after': String(wait) },
    });
  }
  const kind = unlockSecretOf(env);
  const ok = env.ADMIN_KEY ? sameSecret(secret, env.ADMIN_KEY) : await verifyPassword(admin.passwordHash, secret);
  if (!ok) {
    await recordAudit(db, { actorId: admin.id, action: 'admin.unlock_failed', summary: kind === 'admin_key' ? 'Wrong admin key' : 'Wrong password', at: now });
    // product §15.7's server message for a rejected key; a wrong password is named as such.
    const message = kind === 'admin_key' ? 'Invalid admin key' : 'That password is not correct.';
    throw new HttpError(400, message, { errors: { secret: [message] } });
  }
  await clearAttempts(db, key);
  const until = new Date(now.getTime() + ADMIN_UNLOCK_MS);
  // The session was read at the start of this request; a sign-out racing it leaves nothing to unlock.
  if (!(await setAdminUnlock(db, token, admin.id, until))) throw new HttpError(401, 'Please sign in to continue.');
  return until;
}

/** Locks the panel again for this session (the panel's Logout). */
export async function lockAdmin(db: Db, admin: UserRow, token: string): Promise<void> {
  await setAdminUnlock(db, token, admin.id, null);
}

export interface AuditRecord {
  actorId: number | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  summary?: string | null;
  at: Date;
}

const SUMMARY_MAX = 300;

/** Writes one audit entry. The admin scope calls it for every declared route that succeeded. */
export async function recordAudit(db: Executor, entry: AuditRecord): Promise<void> {
  const summary = entry.summary ? (entry.summary.length > SUMMARY_MAX ? `${entry.summary.slice(0, SUMMARY_MAX - 1)}…` : entry.summary) : null;
  await db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    summary,
    createdAt: entry.at,
  });
}

/** The audit log, newest first, a page at a time. */
export async function auditPage(db: Db, query: AuditQuery): Promise<AuditPage> {
  const rows = await db
    .select({ entry: adminAuditLog, username: users.username })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.actorId))
    .where(query.before ? lt(adminAuditLog.id, query.before) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(({ entry: e, username }) => ({
      id: e.id,
      createdAt: e.createdAt.toISOString(),
      actor: e.actorId !== null && username !== null ? { id: e.actorId, username } : null,
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      summary: e.summary,
    })),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.entry.id ?? null) : null,
  };
}
