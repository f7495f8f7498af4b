import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { communityKey, postKey } from './keys';

/** DELETE /api/community/posts/:id: the author's own post, with its replies. */
export function useDeletePost(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ok: true }>('DELETE', `/api/community/posts/${id}`),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: postKey(id) });
      await qc.invalidateQueries({ queryKey: communityKey });
    },
  });
}
