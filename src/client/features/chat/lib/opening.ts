import type { ChatStatus, ConversationSummary } from '#shared/schemas/chat';
import type { StoredUnsent } from './unsent-store';

/**
 * Whether the page opens on the upgrade screen: a free user whose week's chat is spent and whose
 * conversation from it is closed. While that conversation is open it stays usable (product §3.3).
 */
export function needsUpgrade(status: Pick<ChatStatus, 'access' | 'freeChatsRemaining' | 'openFreeSessionId'>): boolean {
  return status.access === 'free' && status.freeChatsRemaining === 0 && status.openFreeSessionId === null;
}

/** What /chat opens on: a conversation, the upgrade screen, or a new conversation. */
export type Opening = { kind: 'open'; sessionId: string } | { kind: 'upgrade' } | { kind: 'create' };

/**
 * The opening choice, in one place: the page makes it, and the route's prefetch makes the same
 * one early to fetch that conversation before the page has loaded (issue #13).
 */
export function openingChoice(status: ChatStatus, conversations: readonly ConversationSummary[], kept: StoredUnsent | null): Opening {
  // A free user's conversation from this week stays theirs to continue until the window resets.
  if (status.access === 'free' && status.openFreeSessionId) return { kind: 'open', sessionId: status.openFreeSessionId };
  if (needsUpgrade(status)) return { kind: 'upgrade' };
  // A message that failed to send before a reload waits in its conversation: open that one.
  if (kept) return { kind: 'open', sessionId: kept.sessionId };
  const latest = conversations[0];
  return latest ? { kind: 'open', sessionId: latest.sessionId } : { kind: 'create' };
}
