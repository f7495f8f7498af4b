import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatStatus } from '../../../../shared/schemas/chat';
import { apiGet } from '../../../lib/api-client';

export const chatStatusKey = ['/api/chat/status'] as const;

/** GET /api/chat/status: what the subtitle, the promo banner and the upgrade screen show. */
export const fetchChatStatus = (signal?: AbortSignal) => apiGet<ChatStatus>('/api/chat/status', signal);

// Always fresh on mount: the free-chat count changes on the server as conversations are used.
export const chatStatusQuery = queryOptions({ queryKey: chatStatusKey, queryFn: ({ signal }) => fetchChatStatus(signal), staleTime: 0 });

export function useChatStatus(enabled = true) {
  return useQuery({ ...chatStatusQuery, enabled });
}
