import { eq } from 'drizzle-orm';
import type { OnboardingInput } from '#shared/schemas/onboarding.js';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';

/**
 * Saves the rep's profile and marks onboarding complete. Also used by the account page's
 * profile editor: the same nine fields, the same rules.
 */
export async function saveProfile(db: Db, userId: number, profile: OnboardingInput): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...profile, onboardingCompleted: true })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`user ${userId} vanished while saving the profile`);
  return row;
}
