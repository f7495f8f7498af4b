import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDetail, ReportResult } from '#shared/schemas/community';
import { apiRequest } from '../../../lib/api-client';
import { postKey } from './keys';

/** POST /api/community/posts/:id/report: to the moderators' queue, once per user per post. */
export function useReportPost(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => apiRequest<ReportResult>('POST', `/api/community/posts/${postId}/report`, reason ? { reason } : {}),
    onSuccess: () => qc.setQueryData<PostDetail>(postKey(postId), (post) => (post ? { ...post, reportedByMe: true } : post)),
  });
}
