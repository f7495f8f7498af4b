import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatSession } from '#shared/schemas/chat';
import { apiGet } from '../../../lib/api-client';

/** Shares the list's first key part, so always invalidate the list with `exact: true`. */
export const conversationKey = (sessionId: string) => ['/api/chat/sessions', sessionId] as const;

/** GET /api/chat/sessions/:sessionId: one conversation with its messages (404 when not yours). */
export const fetchConversation = (sessionId: string, signal?: AbortSignal) =>
  apiGet<ChatSession>(`/api/chat/sessions/${encodeURIComponent(sessionId)}`, signal);

export const conversationQuery = (sessionId: string) =>
  queryOptions({
    queryKey: conversationKey(sessionId),
    queryFn: ({ signal }) => fetchConversation(sessionId, signal),
    // The page writes every sent and streamed message into this entry itself; a background
    // refetch could land mid-stream and drop the reply being written.
    staleTime: Infinity,
  });

/**
 * While a conversation waits for the coaching team (an escalation of it is pending), the open
 * chat reads it again this often, so the team's answer appears without a reload (issue #16).
 * Only such conversations are read again, only while the tab is visible (TanStack's default).
 */
export const TEAM_REPLY_POLL_MS = 10_000;

/** The open conversation; `paused` while a message is being sent, so no read lands mid-reply. */
export function useConversation(sessionId: string | null, { paused = false }: { paused?: boolean } = {}) {
  return useQuery({
    ...conversationQuery(sessionId ?? ''),
    enabled: sessionId !== null,
    refetchInterval: (query) => (!paused && query.state.data?.awaitingTeam ? TEAM_REPLY_POLL_MS : false),
  });
}
