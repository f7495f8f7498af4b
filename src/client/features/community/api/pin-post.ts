import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PinResult, PostDetail } from '#shared/schemas/community';
import { apiRequest } from '../../../lib/api-client';
import { postKey, postListsKey } from './keys';

/**
 * POST /api/admin/moderation/posts/:id/pin | unpin (shared/schemas/community.ts PinResult): an
 * admin with the panel unlocked puts a post first in every sort, or back in its place. The post's
 * page takes the answer; the lists are read again, since the pin changes their order.
 */
export function usePinPost(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pinned: boolean) => apiRequest<PinResult>('POST', `/api/admin/moderation/posts/${id}/${pinned ? 'pin' : 'unpin'}`),
    onSuccess: async (result) => {
      qc.setQueryData<PostDetail>(postKey(id), (post) => (post ? { ...post, pinned: result.pinned } : post));
      await qc.invalidateQueries({ queryKey: postListsKey });
    },
  });
}
