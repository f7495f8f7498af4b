import type { Query, QueryClient } from '@tanstack/react-query';
import { chatStatusQuery } from '../../../lib/api/chat-status';
import { currentUserKey, currentUserQuery } from '../../../lib/api/current-user';
import { readStoredUser } from '../../../lib/stored-user';
import type { User } from '#shared/schemas/user';
import { openingChoice } from '../lib/opening';
import { loadUnsent } from '../lib/unsent-store';
import { hasSeenChatWelcome } from '../lib/welcome-flag';
import { conversationQuery } from './get-conversation';
import { conversationsQuery } from './get-conversations';

/*
 * /chat's data, fetched from the route as soon as it matches (issue #13). The page used to ask
 * for it only once it had loaded and rendered: the session first, then the status and the list,
 * then the conversation, each round after the last. Here the status and the list go out with the
 * session read (or just after it, for a browser that has never signed in), and the conversation
 * the page will open as soon as they answer, while the page's own chunk is still loading.
 *
 * Imported by the route table, so it is in the first chunk: it imports no zod, and the chat's
 * components only through import().
 */

/** When the latest visit to /chat began, per query cache (one in the app; one per unit test). */
const visitStarts = new WeakMap<QueryClient, number>();

/**
 * When this visit to /chat began: the route's prefetch, or the page's first render without one
 * (a page rendered alone, as in unit tests). Answers fetched since then are this visit's own.
 */
export function chatVisitStart(qc: QueryClient, fallback: number): number {
  return visitStarts.get(qc) ?? fallback;
}

/** A query's answer counts as fresh when it was fetched during this visit (or is on its way). */
export const freshSince =
  (since: number) =>
  (query: Pick<Query, 'state'>): number =>
    query.state.dataUpdatedAt >= since ? Infinity : 0;

/** Whether a query's answer was fetched during the visit that began at `since`, or is being fetched now. */
export function fetchedSince(qc: QueryClient, queryKey: readonly unknown[], since: number): boolean {
  const state = qc.getQueryState(queryKey);
  return state !== undefined && (state.fetchStatus === 'fetching' || state.dataUpdatedAt >= since);
}

async function prefetchFor(qc: QueryClient, since: number): Promise<void> {
  const [status, conversations] = await Promise.all([
    qc.fetchQuery({ ...chatStatusQuery, staleTime: freshSince(since) }),
    qc.fetchQuery({ ...conversationsQuery, staleTime: freshSince(since) }),
  ]);
  const opening = openingChoice(status, conversations, loadUnsent());
  if (opening.kind === 'open') await qc.prefetchQuery({ ...conversationQuery(opening.sessionId), staleTime: freshSince(since) });
}

function rememberedUser(): boolean {
  try {
    return readStoredUser() !== null;
  } catch {
    // Storage switched off: nothing remembered; wait for the session read.
    return false;
  }
}

/**
 * Starts fetching what /chat shows. Only for someone who is (or, by this browser's record, was)
 * signed in: a signed-out visitor is sent elsewhere, and their refused requests would only fill
 * the console. A failure is left for the page, whose own queries report it.
 */
export function prefetchChat(qc: QueryClient): void {
  const since = Date.now();
  visitStarts.set(qc, since);
  // A first visit opens on the welcome dialog, the largest thing on the screen (Lighthouse's LCP):
  // its code comes now, alongside the session read, rather than after the page has rendered. A
  // chunk request refuses no one, so this one does not wait to know who is signed in.
  if (!hasSeenChatWelcome()) void import('../components/welcome-dialog').catch(() => undefined);
  const start = () => void prefetchFor(qc, since).catch(() => undefined);
  const known = qc.getQueryData<User | null>(currentUserKey);
  if (known) return start();
  if (known === null) return;
  if (rememberedUser()) return start();
  // A first visit in this browser: the status and the list follow the session read, still ahead of the page.
  void qc
    .fetchQuery(currentUserQuery)
    .then((user) => user && start())
    .catch(() => undefined);
}
