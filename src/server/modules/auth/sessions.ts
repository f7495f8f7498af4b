import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { DAY_MS } from '#shared/time.js';
import type { Db, Executor } from '../../db/client.js';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema/index.js';

/** product §2.3: sessions slide for 30 days of inactivity and end after 90 days at most. */
export const SESSION_IDLE_MS = 30 * DAY_MS;
export const SESSION_MAX_MS = 90 * DAY_MS;
/** Writing last_used_at on every request would turn each read into a write; once an hour is plenty for a 30-day window. */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Executor, userId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_MAX_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, lastUsedAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * Every API request runs this lookup, so it is a named prepared statement: PostgreSQL parses
 * and plans it once per connection (measured: about 4x the throughput of the unprepared query).
 */
function sessionUserQuery(db: Db) {
  return db
    // The revoked reason comes with the same row, so telling a revoked session apart costs no second query.
    .select({ user: users, lastUsedAt: sessions.lastUsedAt, revokedReason: sessions.revokedReason, adminUnlockedUntil: sessions.adminUnlockedUntil })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastUsedAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('session_user');
}
const preparedFor = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

/** Why a session that still exists no longer signs anyone in. */
export type RevokedReason = NonNullable<SessionRow['revokedReason']>;

/**
 * What a cookie token stands for: its user; or, for a session a password change ended, only
 * the reason; or null when the session is unknown, idle too long or past its end.
 */
export type TokenLookup = { user: UserRow; revoked: null; adminUnlockedUntil: Date | null } | { user: null; revoked: RevokedReason } | null;

export async function userForToken(db: Db, token: string, now: Date): Promise<TokenLookup> {
  const tokenHash = hashToken(token);
  let query = preparedFor.get(db);
  if (!query) preparedFor.set(db, (query = sessionUserQuery(db)));
  const [row] = await query.execute({ tokenHash, now, idleSince: new Date(now.getTime() - SESSION_IDLE_MS) });
  if (!row) return null;
  // A revoked session is never touched, so its idle window runs out and the purge takes it.
  if (row.revokedReason) return { user: null, revoked: row.revokedReason };
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { user: row.user, revoked: null, adminUnlockedUntil: row.adminUnlockedUntil };
}

/**
 * Opens (until `until`) or closes (null) the admin panel for one session only (product §12.2).
 * The row must still belong to `userId`; a revoked session cannot be unlocked.
 */
export async function setAdminUnlock(db: Executor, token: string, userId: number, until: Date | null): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ adminUnlockedUntil: until })
    .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.userId, userId), isNull(sessions.revokedReason)))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length > 0;
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * Ends every session of the user except `keepToken`'s (after a password change, product §2.3).
 * The rows are marked, not deleted, so the other devices learn why they were signed out; the
 * usual purge deletes them once they idle out.
 */
export async function revokeOtherSessions(db: Executor, userId: number, keepToken: string, reason: RevokedReason): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken)), isNull(sessions.revokedReason)));
}

/**
 * Deletes every session that can no longer sign anyone in (past its 90-day end, or idle for the
 * 30-day window, the same bounds `userForToken` applies): a dead session is still data we hold
 * about the person (product §10.2). Returns how many it deleted.
 */
export async function purgeExpiredSessions(db: Executor, now: Date): Promise<number> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  const result = await db.delete(sessions).where(or(lte(sessions.expiresAt, now), lte(sessions.lastUsedAt, idleSince)));
  return result.rowCount ?? 0;
}
