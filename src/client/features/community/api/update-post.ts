import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDetail, PostInput } from '#shared/schemas/community';
import { apiRequest } from '../../../lib/api-client';
import { communityKey, postKey } from './keys';

/** PUT /api/community/posts/:id: the author's edit; the answer is the post as stored. */
export function useUpdatePost(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PostInput) => apiRequest<PostDetail>('PUT', `/api/community/posts/${id}`, input),
    onSuccess: async (post) => {
      qc.setQueryData(postKey(id), post);
      await qc.invalidateQueries({ queryKey: communityKey, predicate: (q) => q.queryKey[2] !== id });
    },
  });
}
