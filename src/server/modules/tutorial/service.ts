import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';

/** Records the first time the user watched the tutorial; later calls keep and answer that time. */
export async function markTutorialSeen(db: Db, user: UserRow, now: Date): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({ tutorialSeenAt: now })
    .where(and(eq(users.id, user.id), isNull(users.tutorialSeenAt)))
    .returning({ tutorialSeenAt: users.tutorialSeenAt });
  if (row?.tutorialSeenAt) return row.tutorialSeenAt;
  const [current] = await db.select({ tutorialSeenAt: users.tutorialSeenAt }).from(users).where(eq(users.id, user.id));
  return current?.tutorialSeenAt ?? now;
}
