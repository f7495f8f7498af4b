import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { referralCredits, users } from '../../db/schema/index.js';

/**
 * DECISIONS §5: when a referred user's first paid invoice succeeds, their referrer earns one
 * free Pro month, once per referred user. Called by the billing event handler inside the
 * transaction that applies the `invoice.paid` event, only for a first invoice
 * (billing_reason `subscription_create`) with an amount above zero: renewals, $0 invoices and
 * replays of the same event credit nothing. Self-referral and unknown codes credit nothing.
 *
 * Exactly once even under concurrent deliveries of different events for the same user: the
 * `referral_credits` row keyed by the referred user is inserted `on conflict do nothing`, and only
 * the transaction whose insert took adds the month. Returns whether a month was credited.
 */
export async function creditReferrerForFirstPayment(tx: Tx, referredUserId: number, eventId: string): Promise<boolean> {
  const [referred] = await tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, referredUserId));
  if (!referred?.referredBy) return false;
  const [referrer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, referred.referredBy), ne(users.id, referredUserId)));
  if (!referrer) return false;
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
