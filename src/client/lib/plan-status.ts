import type { ChatStatus, PlanState } from '#shared/schemas/chat';

/** 'chat' or 'chats', 'day' or 'days'. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The account badge's plan name (product §10.1), from the server's plan: "Free Trial" only while the trial runs. */
export function planName(plan: PlanState): string {
  switch (plan) {
    case 'admin':
      return 'Admin Access';
    case 'pro':
      return 'Pro Plan';
    case 'basic':
      return 'Basic Plan';
    case 'trial':
      return 'Free Trial';
    case 'free':
      return 'Free Plan';
  }
}

/** A day as the rep's browser writes it, in their language and time zone ("Wed, Dec 3" in en-US). */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });

export type FreeAllowanceFacts = Pick<ChatStatus, 'freeChatsRemaining' | 'daysUntilReset' | 'openFreeUntil' | 'openFreeMessagesLeft'>;

/**
 * The week's chat once it is taken and can still be written in: until when, and how many
 * messages it takes. Null when there is no such conversation (or its cap is reached).
 */
export function openFreeChat(status: FreeAllowanceFacts): { until: string; messagesLeft: number } | null {
  if (status.freeChatsRemaining > 0 || status.openFreeUntil === null || !status.openFreeMessagesLeft) return null;
  return { until: shortDate(status.openFreeUntil), messagesLeft: status.openFreeMessagesLeft };
}

/**
 * What a free user has left this window, in the words both the chat header and the account page
 * use: the chats left; once the week's chat is taken, that its conversation stays open (issue
 * #25: "Next free chat in 7 days" read as if the rep were shut out after one message); when the
 * next one comes once nothing is left to write in.
 */
export function freeAllowance(status: FreeAllowanceFacts): string {
  const open = openFreeChat(status);
  if (open) return `This week’s free chat: open until ${open.until} (${plural(open.messagesLeft, 'message')} left)`;
  if (status.freeChatsRemaining > 0 || status.daysUntilReset === null) return `${plural(status.freeChatsRemaining, 'free chat')} remaining this week`;
  return `Next free chat in ${plural(status.daysUntilReset, 'day')}`;
}

/** The trial's days left (product §3.4: 'Last day' when one day is left), for the chat's banner and the account badge alike. */
export function trialDaysText(daysLeft: number): string {
  return daysLeft <= 1 ? 'Last day of your free trial' : `${plural(daysLeft, 'day')} left in your free trial`;
}

/** The badge's second line: trial days left, or the free allowance; nothing for unlimited plans. */
export function planDetail(status: ChatStatus): string | null {
  if (status.plan === 'trial' && status.trialDaysLeft !== null) return trialDaysText(status.trialDaysLeft);
  if (status.plan === 'free') return freeAllowance(status);
  return null;
}
