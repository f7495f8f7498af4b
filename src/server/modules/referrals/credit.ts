import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { referralCredits, referralExclusions, users } from '../../db/schema/index.js';
import { cardOnReferrersSide, excludeReferral } from './eligibility.js';

/**
 * product §5: when a referred user's first paid invoice succeeds, their referrer earns one
 * free Pro month, once per referred user. Called by the billing event handler inside the
 * transaction that applies the `invoice.paid` event, only for a first invoice
 * (billing_reason `subscription_create`) with an amount above zero: renewals, $0 invoices and
 * replays of the same event credit nothing. Self-referral and unknown codes credit nothing, and
 * neither does a referral that is not genuine (eligibility.ts): one judged at sign-up to come
 * from the referrer's browser or network, or one paid with a card on the referrer's side
 * (`cardFingerprint`, when the provider reported it).
 *
 * Exactly once even under concurrent deliveries of different events for the same user: the
 * `referral_credits` row keyed by the referred user is inserted `on conflict do nothing`, and only
 * the transaction whose insert took adds the month. Returns whether a month was credited.
 */
export async function creditReferrerForFirstPayment(tx: Tx, referredUserId: number, eventId: string, cardFingerprint: string | null = null): Promise<boolean> {
  const [referred] = await tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, referredUserId));
  if (!referred?.referredBy) return false;
  const [referrer] = await tx
    .select({ id: users.id, referralCode: users.referralCode })
    .from(users)
    .where(and(eq(users.referralCode, referred.referredBy), ne(users.id, referredUserId)));
  if (!referrer) return false;
  // Already credited (another event for the same invoice) or already judged not genuine: nothing more to decide.
  const [credited] = await tx.select({ id: referralCredits.referredUserId }).from(referralCredits).where(eq(referralCredits.referredUserId, referredUserId));
  if (credited) return false;
  const [excluded] = await tx.select({ id: referralExclusions.referredUserId }).from(referralExclusions).where(eq(referralExclusions.referredUserId, referredUserId));
  if (excluded) return false;
  if (cardFingerprint && (await cardOnReferrersSide(tx, referrer, referredUserId, cardFingerprint))) {
    await excludeReferral(tx, referredUserId, referrer.id, 'same_card');
    return false;
  }
  const inserted = await tx
    .insert(referralCredits)
    .values({ referredUserId, referrerId: referrer.id, eventId })
    .onConflictDoNothing()
    .returning({ referredUserId: referralCredits.referredUserId });
  if (inserted.length === 0) return false;
  await tx
    .update(users)
    .set({ freeProMonthsRemaining: sql`${users.freeProMonthsRemaining} + 1` })
    .where(eq(users.id, referrer.id));
  return true;
}
