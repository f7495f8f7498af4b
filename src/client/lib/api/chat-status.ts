import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatStatus } from '#shared/schemas/chat';
import { apiGet } from '../api-client';

export const chatStatusKey = ['/api/chat/status'] as const;

/**
 * GET /api/chat/status: the plan and the chat allowance, as the server's entitlements compute
 * them. Here, not in the chat feature, because the account page's plan badge reads the same
 * answer: the two cannot disagree.
 */
export const fetchChatStatus = (signal?: AbortSignal) => apiGet<ChatStatus>('/api/chat/status', signal);

// Always fresh on mount: the free-chat count changes on the server as conversations are used.
export const chatStatusQuery = queryOptions({ queryKey: chatStatusKey, queryFn: ({ signal }) => fetchChatStatus(signal), staleTime: 0 });

export function useChatStatus(enabled = true) {
  return useQuery({ ...chatStatusQuery, enabled });
}
