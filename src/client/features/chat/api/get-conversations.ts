import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '#shared/schemas/chat';
import { apiGet } from '../../../lib/api-client';

export const conversationsKey = ['/api/chat/sessions'] as const;

/** GET /api/chat/sessions: the user's conversations, newest first. */
export async function fetchConversations(signal?: AbortSignal): Promise<ConversationSummary[]> {
  const { sessions } = await apiGet<{ sessions: ConversationSummary[] }>('/api/chat/sessions', signal);
  return sessions;
}

// Fresh on mount: the page picks the conversation to reopen from it.
export const conversationsQuery = queryOptions({ queryKey: conversationsKey, queryFn: ({ signal }) => fetchConversations(signal), staleTime: 0 });

export function useConversations(enabled = true) {
  return useQuery({ ...conversationsQuery, enabled });
}
