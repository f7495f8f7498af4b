import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostDetail } from '#shared/schemas/community';
import { apiGet } from '../../../lib/api-client';
import { postKey } from './keys';

/** GET /api/community/posts/:id: the whole post, with the caller's vote and whether they reported it. */
export const fetchPost = (id: number, signal?: AbortSignal) => apiGet<PostDetail>(`/api/community/posts/${id}`, signal);

export const postQuery = (id: number) => queryOptions({ queryKey: postKey(id), queryFn: ({ signal }) => fetchPost(id, signal), staleTime: 0 });

export function usePost(id: number, enabled: boolean) {
  return useQuery({ ...postQuery(id), enabled });
}
