import { eq } from 'drizzle-orm';
import type { PlanCatalogue } from '#shared/plans.js';
import type { User } from '#shared/schemas/user.js';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { ADMIN_LOCKED_MESSAGE } from '../../plugins/session.js';
import { recordAudit } from '../admin/service.js';
import { freeChatsRemaining, hasBasicAccess, hasProAccess } from '../billing/service.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The API's user object: every product §14.1 field except the password hash. With `at`, the weekly
 * free-chat count is the one true at that moment (a window that ran out counts as full again).
 */
export function toUserDto(row: UserRow, at?: { plans: PlanCatalogue; now: Date }): User {
  // basicUntil/proUntil/referralProUntil ride along for the data export (product §10.2); the API's
  // user schema answers hasBasicAccess/hasProAccess instead and drops them.
  const { passwordHash: _omit, ...rest } = row;
  // Without a request's clock (sign-up, profile edits) the wall clock decides; access is time-bound.
  const now = at?.now ?? new Date();
  return {
    ...rest,
    hasBasicAccess: hasBasicAccess(row, now),
    hasProAccess: hasProAccess(row, now),
    weeklyFreeChatsRemaining: at ? freeChatsRemaining(row, at.plans, at.now) : row.weeklyFreeChatsRemaining,
    lastWeeklyResetDate: iso(row.lastWeeklyResetDate),
    freeSessionExpiresAt: iso(row.freeSessionExpiresAt),
    basicPurchaseDate: iso(row.basicPurchaseDate),
    tutorialSeenAt: iso(row.tutorialSeenAt),
    referralProUntil: iso(row.referralProUntil),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user may read themself; an admin may read anyone (product §2). */
/**
 * The caller, or another user for an admin whose panel is unlocked in this session (product
 * §12, ADR 0012: every admin power needs the unlock, and leaves an audit entry).
 */
export async function readUser(
  db: Db,
  caller: UserRow,
  userId: number | undefined,
  at: { plans: PlanCatalogue; now: Date; adminUnlocked: boolean },
): Promise<User> {
  if (userId === undefined || userId === caller.id) return toUserDto(caller, at);
  if (!caller.isAdmin) throw new HttpError(403, 'You can only view your own account.');
  if (!at.adminUnlocked) throw new HttpError(403, ADMIN_LOCKED_MESSAGE, { code: 'admin_locked' });
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new HttpError(404, 'User not found.');
  await recordAudit(db, { actorId: caller.id, action: 'user.viewed', targetType: 'user', targetId: String(row.id), summary: `Viewed ${row.username}'s account`, at: at.now });
  return toUserDto(row, at);
}
