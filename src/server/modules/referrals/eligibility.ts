/**
 * What makes a referral genuine (docs/decisions/0016), in one place. A referred account is
 * created and works like any other; these rules decide only whether it earns its referrer a
 * month. It earns nothing when it looks like the referrer's own second account:
 * - it signed up from a browser the referrer used in the last 30 days (the browser cookie), or
 * - from a network the referrer used in the last 30 days (an IPv4 address, an IPv6 /64), or
 * - its first payment was made with a card the referrer, or another account they referred, has
 *   paid with (when the payment provider reports card fingerprints: Stripe does, the sandbox not).
 * Such a referral is recorded in `referral_exclusions` with its reason, so the referrer's page
 * can say why it earned nothing.
 */
import { createHash } from 'node:crypto';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { referralCardFingerprints, referralExclusions, users, type UserRow } from '../../db/schema/index.js';
import { recordSighting, sharedWith, type ClientMark } from './sightings.js';

export type ExclusionReason = (typeof referralExclusions.$inferInsert)['reason'];

/** Records why this referred user's referral earns nothing; the first reason found stays. */
export async function excludeReferral(db: Executor, referredUserId: number, referrerId: number, reason: ExclusionReason): Promise<void> {
  await db.insert(referralExclusions).values({ referredUserId, referrerId, reason }).onConflictDoNothing();
}

/**
 * Called inside the sign-up's transaction, once the account exists: notes the new user's browser
 * and network, and, for a referred sign-up, compares them with the referrer's before that.
 * The evidence is judged now, while it is fresh: the first payment may come after a 60-day
 * trial, by when the 30 days of sightings are gone.
 */
export async function recordSignUp(tx: Executor, user: Pick<UserRow, 'id' | 'referredBy'>, client: ClientMark, now: Date): Promise<void> {
  if (user.referredBy) {
    const [referrer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.referralCode, user.referredBy), ne(users.id, user.id)));
    const shared = referrer ? await sharedWith(tx, referrer.id, client, now) : null;
    if (referrer && shared) await excludeReferral(tx, user.id, referrer.id, shared);
  }
  await recordSighting(tx, user.id, client, now);
}

const fingerprintHash = (fingerprint: string) => createHash('sha256').update(`card:${fingerprint}`).digest('hex');

/** Notes that `userId` paid with this card (nothing when the provider did not say which card). */
export async function recordCardFingerprint(tx: Executor, userId: number, fingerprint: string | null | undefined, now: Date): Promise<void> {
  if (!fingerprint) return;
  await tx
    .insert(referralCardFingerprints)
    .values({ userId, fingerprintHash: fingerprintHash(fingerprint), lastUsedAt: now })
    .onConflictDoUpdate({
      target: [referralCardFingerprints.userId, referralCardFingerprints.fingerprintHash],
      set: { lastUsedAt: sql`greatest(${referralCardFingerprints.lastUsedAt}, excluded.last_used_at)` },
    });
}

/**
 * Whether the card was paid with by the referrer, or by another account the referrer referred
 * (one card then earns one month, however many accounts it pays for).
 */
export async function cardOnReferrersSide(
  tx: Executor,
  referrer: Pick<UserRow, 'id' | 'referralCode'>,
  referredUserId: number,
  fingerprint: string,
): Promise<boolean> {
  const [hit] = await tx
    .select({ userId: referralCardFingerprints.userId })
    .from(referralCardFingerprints)
    .innerJoin(users, eq(users.id, referralCardFingerprints.userId))
    .where(
      and(
        eq(referralCardFingerprints.fingerprintHash, fingerprintHash(fingerprint)),
        ne(referralCardFingerprints.userId, referredUserId),
        or(eq(users.id, referrer.id), eq(users.referredBy, referrer.referralCode)),
      ),
    )
    .limit(1);
  return hit !== undefined;
}
