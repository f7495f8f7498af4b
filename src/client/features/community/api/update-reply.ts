import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reply } from '#shared/schemas/community';
import { apiRequest } from '../../../lib/api-client';
import { repliesKey } from './keys';

/** PUT /api/community/replies/:id: the author's edit of their own reply. */
export function useUpdateReply(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => apiRequest<Reply>('PUT', `/api/community/replies/${id}`, { content }),
    onSuccess: () => qc.invalidateQueries({ queryKey: repliesKey(postId) }),
  });
}
