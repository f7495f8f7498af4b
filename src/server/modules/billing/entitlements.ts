import type { PlanCatalogue } from '#shared/plans.js';
import type { PaidTier, SubscriptionStatus } from '#shared/schemas/billing.js';
import type { ChatAccess, PlanState } from '#shared/schemas/chat.js';
import { DAY_MS } from '#shared/time.js';
import type { UserRow } from '../../db/schema/index.js';

/*
 * What a user may do (product §3, §4): admins and paying users chat without limit, then the
 * trial, then the free tier's one conversation per window; Pro adds training, community and
 * analytics. Paid access comes only from subscriptions the provider confirmed (cached on the
 * user as basic_until / pro_until by billing/events.ts) and from redeemed referral months
 * (referral_pro_until), never from anything the browser sends. Every rule reads this one place.
 */

/** The terms' grace after a failed renewal: access continues this long past the last paid period, then the account is on Free. */
export const RENEWAL_GRACE_DAYS = 7;

type AccessFields = Pick<UserRow, 'basicUntil' | 'proUntil' | 'referralProUntil'>;
const after = (until: Date | null, now: Date) => until !== null && now < until;

/** Pro from a subscription, or from redeemed referral months. */
export function hasProAccess(user: AccessFields, now: Date): boolean {
  return after(user.proUntil, now) || after(user.referralProUntil, now);
}

/** Pro's features (training, community, analytics): Pro access, or an admin, who sees everything. */
export function hasProFeatures(user: AccessFields & Pick<UserRow, 'isAdmin'>, now: Date): boolean {
  return user.isAdmin || hasProAccess(user, now);
}

/** Unlimited coaching chat: Basic, or anything that gives Pro (Pro includes Basic). */
export function hasBasicAccess(user: AccessFields, now: Date): boolean {
  return after(user.basicUntil, now) || hasProAccess(user, now);
}

/** The subscription facts access is decided from (a subscriptions row, or a pure-rule test's stand-in). */
export interface SubscriptionAccessFacts {
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  paidThrough: Date | null;
}

/** While a renewal is unpaid: access lasts to the grace's end, counted from the last paid period's end. */
export function graceEndsAt(sub: SubscriptionAccessFacts): Date | null {
  if (sub.status !== 'past_due' || !sub.paidThrough) return null;
  return new Date(sub.paidThrough.getTime() + RENEWAL_GRACE_DAYS * DAY_MS);
}

/**
 * Until when one subscription gives its tier: an active one to its period end (cancelled at the
 * period end or not), a past_due one through the grace; incomplete or ended ones give nothing.
 * Independent of the clock, so it can be cached and compared with `now` on each request.
 */
export function subscriptionAccessUntil(sub: SubscriptionAccessFacts): Date | null {
  if (sub.status === 'active') return sub.currentPeriodEnd;
  return graceEndsAt(sub);
}

/** The cache written to users.basic_until / pro_until: the latest access any of the user's subscriptions gives, per tier. */
export function accessFromSubscriptions(subs: (SubscriptionAccessFacts & { tier: PaidTier })[]): { basicUntil: Date | null; proUntil: Date | null } {
  const latest = (tier: PaidTier) =>
    subs
      .filter((s) => s.tier === tier)
      .map(subscriptionAccessUntil)
      .reduce<Date | null>((max, d) => (d && (!max || d > max) ? d : max), null);
  return { basicUntil: latest('basic'), proUntil: latest('pro') };
}


/** The trial's end: set at sign-up; accounts made before that field was set fall back to creation + trial length. */
export function trialEndsAt(user: Pick<UserRow, 'freeSessionExpiresAt' | 'createdAt'>, plans: PlanCatalogue): Date | null {
  if (user.freeSessionExpiresAt) return user.freeSessionExpiresAt;
  return plans.trial.days > 0 ? new Date(user.createdAt.getTime() + plans.trial.days * DAY_MS) : null;
}

export function chatAccess(user: UserRow, plans: PlanCatalogue, now: Date): ChatAccess {
  if (user.isAdmin) return 'admin';
  if (hasBasicAccess(user, now)) return 'paid';
  const trialEnd = trialEndsAt(user, plans);
  if (trialEnd && now < trialEnd) return 'trial';
  return 'free';
}

/**
 * Coaching beyond the chat (objection drills, product §9): whoever may chat without the free
 * tier's limit — admins, paying users and the trial. The free tier keeps its deck but drills it
 * only after upgrading.
 */
export function hasCoachingFeatures(user: UserRow, plans: PlanCatalogue, now: Date): boolean {
  return chatAccess(user, plans, now) !== 'free';
}

/** The plan the account shows: the chat access, with paid named as Pro or Basic. */
export function planOf(user: UserRow, plans: PlanCatalogue, now: Date): PlanState {
  const access = chatAccess(user, plans, now);
  if (access !== 'paid') return access;
  return hasProAccess(user, now) ? 'pro' : 'basic';
}

export const windowMs = (plans: PlanCatalogue) => plans.free.windowDays * DAY_MS;

/** True when the user's current free window has run out (or never started). */
export function windowExpired(lastReset: Date | null, plans: PlanCatalogue, now: Date): boolean {
  return !lastReset || now.getTime() - lastReset.getTime() >= windowMs(plans);
}

/** Free chats left right now: a window that ran out counts as full again, so the number stays true. */
export function freeChatsRemaining(user: Pick<UserRow, 'lastWeeklyResetDate' | 'weeklyFreeChatsRemaining'>, plans: PlanCatalogue, now: Date): number {
  return windowExpired(user.lastWeeklyResetDate, plans, now) ? plans.free.chatsPerWindow : Math.max(0, user.weeklyFreeChatsRemaining);
}

/** When the current window ends (the next free chat), or null when a chat is available now. */
export function nextFreeChatAt(user: Pick<UserRow, 'lastWeeklyResetDate' | 'weeklyFreeChatsRemaining'>, plans: PlanCatalogue, now: Date): Date | null {
  if (freeChatsRemaining(user, plans, now) > 0 || !user.lastWeeklyResetDate) return null;
  return new Date(user.lastWeeklyResetDate.getTime() + windowMs(plans));
}

/** Whole days until `date`, rounded up (product §3.4: days left are rounded up). */
export const daysUntil = (date: Date, now: Date) => Math.max(0, Math.ceil((date.getTime() - now.getTime()) / DAY_MS));

/**
 * Whether the user may open a new conversation now. A free user whose window's chat is spent
 * could not send a first message in it, so the conversation is refused up front instead of
 * being created empty and refusing them after they typed.
 */
export function mayStartConversation(user: UserRow, plans: PlanCatalogue, now: Date): boolean {
  return chatAccess(user, plans, now) !== 'free' || freeChatsRemaining(user, plans, now) > 0;
}
