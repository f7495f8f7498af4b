import type { PlanCatalogue } from '../../../shared/plans.js';
import type { ChatAccess, PlanState } from '../../../shared/schemas/chat.js';
import { DAY_MS } from '../../../shared/time.js';
import type { UserRow } from '../../db/schema/index.js';

/*
 * Who may chat how much (DECISIONS §3): admins and paying users without limit, then the trial,
 * then the free tier's one conversation per window. Every chat rule reads this one place.
 */


/** The trial's end: set at sign-up; accounts made before that field was set fall back to creation + trial length. */
export function trialEndsAt(user: Pick<UserRow, 'freeSessionExpiresAt' | 'createdAt'>, plans: PlanCatalogue): Date | null {
  if (user.freeSessionExpiresAt) return user.freeSessionExpiresAt;
  return plans.trial.days > 0 ? new Date(user.createdAt.getTime() + plans.trial.days * DAY_MS) : null;
}

export function chatAccess(user: UserRow, plans: PlanCatalogue, now: Date): ChatAccess {
  if (user.isAdmin) return 'admin';
  if (user.hasBasicAccess || user.hasProAccess) return 'paid';
  const trialEnd = trialEndsAt(user, plans);
  if (trialEnd && now < trialEnd) return 'trial';
  return 'free';
}

/** The plan the account shows: the chat access, with paid named as Pro or Basic. */
export function planOf(user: UserRow, plans: PlanCatalogue, now: Date): PlanState {
  const access = chatAccess(user, plans, now);
  if (access !== 'paid') return access;
  return user.hasProAccess ? 'pro' : 'basic';
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

/** Whole days until `date`, rounded up (SPEC §4: days left are rounded up). */
export const daysUntil = (date: Date, now: Date) => Math.max(0, Math.ceil((date.getTime() - now.getTime()) / DAY_MS));

/**
 * Whether the user may open a new conversation now. A free user whose window's chat is spent
 * could not send a first message in it, so the conversation is refused up front instead of
 * being created empty and refusing them after they typed.
 */
export function mayStartConversation(user: UserRow, plans: PlanCatalogue, now: Date): boolean {
  return chatAccess(user, plans, now) !== 'free' || freeChatsRemaining(user, plans, now) > 0;
}
