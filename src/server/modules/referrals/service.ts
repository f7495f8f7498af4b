/**
 * Referrals (product §5): every user's code and link, the free Pro months their referrals
 * earned (credit.ts adds them when a referred user's first paid invoice succeeds), and Redeem,
 * which turns one month into 30 days of Pro. Whether `referral_pro_until` makes someone Pro is
 * entitlements.ts's call, not this module's.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { ReferralState } from '#shared/schemas/billing.js';
import type { PlanCatalogue } from '#shared/plans.js';
import type { Db, Executor } from '../../db/client.js';
import { referralCredits, referralExclusions, users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';

/** What one redeemed month adds (product §5: "extends Pro by 30 days"). */
/** The credit a referrer earns when a referred user's first invoice is paid (billing's event handler calls it). */
export { creditReferrerForFirstPayment } from './credit.js';
/** What tells a genuine referral from the referrer's own second account (docs/decisions/0016): auth, billing and the plugins record it. */
export { recordCardFingerprint, recordSignUp } from './eligibility.js';
export { pruneReferralSightings, recordSighting, recordSignedInSighting, type ClientMark } from './sightings.js';

export const REDEEM_DAYS = 30;

export const NO_MONTHS_MESSAGE = 'You have no free Pro months to redeem.';

/**
 * The shareable sign-up link (the auth page reads `ref` and sends it with the sign-up): on
 * PUBLIC_URL's origin when one is configured, else the path alone, which the page completes with
 * the origin it was loaded from. Never the request's Host (or X-Forwarded-Host): a client chooses
 * those, and a link on someone else's host would send the friend, and their password, there.
 */
/** The stored referral code a sign-up's `ref` names (codes are kept in capitals), or null when no account has it. */
export async function existingReferralCode(db: Executor, ref: string): Promise<string | null> {
  const [referrer] = await db.select({ code: users.referralCode }).from(users).where(eq(users.referralCode, ref.toUpperCase())).limit(1);
  return referrer?.code ?? null;
}

export function referralLink(publicUrl: string | undefined, code: string): string {
  const path = `/auth?ref=${encodeURIComponent(code)}`;
  return publicUrl ? `${new URL(publicUrl).origin}${path}` : path;
}

type ReferralUser = Pick<UserRow, 'id' | 'referralCode' | 'freeProMonthsRemaining' | 'referralProUntil'>;

/** How many of the user's referrals earn nothing, for each of the reasons the page tells apart. */
async function notEligibleOf(db: Executor, referrerId: number): Promise<ReferralState['notEligible']> {
  const rows = await db
    .select({ reason: referralExclusions.reason, n: count() })
    .from(referralExclusions)
    .where(eq(referralExclusions.referrerId, referrerId))
    .groupBy(referralExclusions.reason);
  const of = (reasons: string[]) => rows.filter((r) => reasons.includes(r.reason)).reduce((sum, r) => sum + r.n, 0);
  // Browser and network are told as one: which of the two matched would only teach a cheat what to change.
  return { sameDeviceOrNetwork: of(['same_device', 'same_network']), sameCard: of(['same_card']) };
}

async function stateOf(db: Executor, user: ReferralUser, publicUrl: string | undefined, plans: PlanCatalogue, now: Date): Promise<ReferralState> {
  const [signedUp] = await db.select({ n: count() }).from(users).where(eq(users.referredBy, user.referralCode));
  const [credited] = await db.select({ n: count() }).from(referralCredits).where(eq(referralCredits.referrerId, user.id));
  const until = user.referralProUntil;
  return {
    code: user.referralCode,
    link: referralLink(publicUrl, user.referralCode),
    freeProMonthsRemaining: user.freeProMonthsRemaining,
    // A month is worth what Pro costs, from the one price list (product §3).
    valuePerReferralCents: plans.pro.priceCents,
    signedUp: signedUp?.n ?? 0,
    credited: credited?.n ?? 0,
    notEligible: await notEligibleOf(db, user.id),
    proUntil: until && until > now ? until.toISOString() : null,
  };
}

/** GET /api/referral. The row is re-read: the session's copy may predate a credit or a redeem. */
export async function referralState(db: Db, userId: number, publicUrl: string | undefined, plans: PlanCatalogue, now: Date): Promise<ReferralState> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(401, 'Please sign in to continue.');
  return stateOf(db, user, publicUrl, plans, now);
}

/**
 * POST /api/referral/redeem: one month off the balance and 30 more days of Pro, counted from the
 * later of now and the end of the days already redeemed (so stacking never loses a day and an
 * expired run restarts today). One conditional UPDATE does both, so two concurrent redeems of the
 * last month cannot both succeed; with nothing left, nothing changes and the answer is 409.
 */
export async function redeemFreeMonth(db: Db, userId: number, publicUrl: string | undefined, plans: PlanCatalogue, now: Date): Promise<ReferralState> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        freeProMonthsRemaining: sql`${users.freeProMonthsRemaining} - 1`,
        referralProUntil: sql`greatest(${now.toISOString()}::timestamptz, ${users.referralProUntil}) + make_interval(days => ${REDEEM_DAYS})`,
      })
      .where(and(eq(users.id, userId), gt(users.freeProMonthsRemaining, 0)))
      .returning();
    if (!user) throw new HttpError(409, NO_MONTHS_MESSAGE);
    return stateOf(tx, user, publicUrl, plans, now);
  });
}
