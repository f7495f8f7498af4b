import { ApiRequestError } from '../../../lib/api-client';
import { freeAllowance, openFreeChat, plural, trialDaysText, type FreeAllowanceFacts } from '../../../lib/plan-status';
import type { ChatStatus } from '#shared/schemas/chat';

/**
 * The header subtitle (product §7.1), in the same words as the account page: once the week's
 * chat is taken, until when its conversation stays open; once nothing is left, when the next
 * one comes, before the rep types anything.
 */
export function chatSubtitle(status: Pick<ChatStatus, 'unlimited'> & FreeAllowanceFacts): string {
  if (status.unlimited) return 'Unlimited coaching sessions';
  return freeAllowance(status);
}

/** Below this many messages left, a phone's short subtitle counts them instead of naming the day. */
export const FEW_MESSAGES_LEFT = 10;

/**
 * The subtitle on a phone, where two lines beside the header's three controls hold about 40
 * characters: the open week's chat in a few words (until when, or, near its cap, how many
 * messages are left). Null when the full subtitle is short enough already.
 */
export function chatSubtitleShort(status: Pick<ChatStatus, 'unlimited'> & FreeAllowanceFacts): string | null {
  const open = status.unlimited ? null : openFreeChat(status);
  if (!open) return null;
  if (open.messagesLeft <= FEW_MESSAGES_LEFT) return `Free chat: ${plural(open.messagesLeft, 'message')} left`;
  return `Free chat open until ${open.until}`;
}

/** The promo banner's line while the trial runs (product §3.4: 'Last day' when one day is left). */
export const trialBannerText = trialDaysText;

/** The upgrade screen's reset note; without a date from the server it falls back to the window length. */
export function resetNote(daysUntilReset: number | null, windowDays: number): string {
  if (daysUntilReset === null) return `Your next free chat resets within ${plural(windowDays, 'day')}`;
  return `Your next free chat resets in ${plural(daysUntilReset, 'day')}`;
}

// Lives with the opening choice, which the route's prefetch (first chunk) also makes.
export { needsUpgrade } from './opening';

/** A 402 (or 403) whose body asks for payment: the free tier is used up (product §3.4). */
export function isPaymentRequired(err: unknown): boolean {
  return err instanceof ApiRequestError && (err.status === 402 || err.status === 403) && err.body.requiresPayment === true;
}
