import { eq } from 'drizzle-orm';
import type { User } from '../../../shared/schemas/user.js';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API's user object: every SPEC.md field except the password hash. */
export function toUserDto(row: UserRow): User {
  const { passwordHash: _omit, ...rest } = row;
  return {
    ...rest,
    lastWeeklyResetDate: iso(row.lastWeeklyResetDate),
    freeSessionExpiresAt: iso(row.freeSessionExpiresAt),
    basicPurchaseDate: iso(row.basicPurchaseDate),
    tutorialSeenAt: iso(row.tutorialSeenAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user may read themself; an admin may read anyone (DECISIONS §1). */
export async function readUser(db: Db, caller: UserRow, userId: number | undefined): Promise<User> {
  if (userId === undefined || userId === caller.id) return toUserDto(caller);
  if (!caller.isAdmin) throw new HttpError(403, 'You can only view your own account.');
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new HttpError(404, 'User not found.');
  return toUserDto(row);
}
