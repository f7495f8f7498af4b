import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatSession } from '../../../../shared/schemas/chat';
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

export function useConversation(sessionId: string | null) {
  return useQuery({ ...conversationQuery(sessionId ?? ''), enabled: sessionId !== null });
}
