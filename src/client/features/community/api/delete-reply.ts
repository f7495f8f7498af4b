import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { communityKey } from './keys';

/** DELETE /api/community/replies/:id: the author's own reply; the post's count drops with it. */
export function useDeleteReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ ok: true }>('DELETE', `/api/community/replies/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: communityKey }),
  });
}
