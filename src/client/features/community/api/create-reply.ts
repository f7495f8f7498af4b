import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reply } from '#shared/schemas/community';
import { apiRequest } from '../../../lib/api-client';
import { communityKey } from './keys';

/** POST /api/community/posts/:id/replies. The post's reply count, its replies and the lists all change. */
export function useCreateReply(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => apiRequest<Reply>('POST', `/api/community/posts/${postId}/replies`, { content }),
    onSuccess: () => qc.invalidateQueries({ queryKey: communityKey }),
  });
}
