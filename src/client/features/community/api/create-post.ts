import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDetail, PostInput } from '#shared/schemas/community';
import { apiRequest } from '../../../lib/api-client';
import { communityKey, postKey } from './keys';

/** POST /api/community/posts. Every list and count may now show it, so all are read again. */
export function useCreatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PostInput) => apiRequest<PostDetail>('POST', '/api/community/posts', input),
    onSuccess: async (post) => {
      qc.setQueryData(postKey(post.id), post);
      await qc.invalidateQueries({ queryKey: communityKey, predicate: (q) => q.queryKey[2] !== post.id });
    },
  });
}
