import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommunityCategoryId, CommunitySort, PostList } from '#shared/schemas/community';
import { apiGet } from '../../../lib/api-client';
import { postListKey } from './keys';

export const POSTS_PER_PAGE = 20;

/** GET /api/community/posts: one page of a sort (pinned first), optionally of one category; `cursor` asks for the page after. */
export function fetchPosts(sort: CommunitySort, category: CommunityCategoryId | null, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ sort, limit: String(POSTS_PER_PAGE) });
  if (category) params.set('category', category);
  if (cursor) params.set('cursor', cursor);
  return apiGet<PostList>(`/api/community/posts?${params.toString()}`, signal);
}

export const postsQuery = (sort: CommunitySort, category: CommunityCategoryId | null) =>
  infiniteQueryOptions({
    queryKey: postListKey(sort, category),
    queryFn: ({ pageParam, signal }) => fetchPosts(sort, category, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export function usePosts(sort: CommunitySort, category: CommunityCategoryId | null, enabled: boolean) {
  return useInfiniteQuery({ ...postsQuery(sort, category), enabled });
}
