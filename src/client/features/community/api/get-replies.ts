import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReplyList } from '#shared/schemas/community';
import { apiGet } from '../../../lib/api-client';
import { repliesKey } from './keys';

/** GET /api/community/posts/:id/replies: oldest first, a page at a time. */
export function fetchReplies(postId: number, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: '50' });
  if (cursor) params.set('cursor', cursor);
  return apiGet<ReplyList>(`/api/community/posts/${postId}/replies?${params.toString()}`, signal);
}

export const repliesQuery = (postId: number) =>
  infiniteQueryOptions({
    queryKey: repliesKey(postId),
    queryFn: ({ pageParam, signal }) => fetchReplies(postId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export function useReplies(postId: number, enabled: boolean) {
  return useInfiniteQuery({ ...repliesQuery(postId), enabled });
}
