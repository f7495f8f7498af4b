import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ReplyList, ReportResult } from '#shared/schemas/community';
import { apiRequest } from '../../../lib/api-client';
import { repliesKey } from './keys';

/** POST /api/community/replies/:id/report: to the moderators' queue, once per user per reply. */
export function useReportReply(reply: { id: number; postId: number }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => apiRequest<ReportResult>('POST', `/api/community/replies/${reply.id}/report`, reason ? { reason } : {}),
    // Marked in the loaded pages rather than refetched: the thread stays where the reader was.
    onSuccess: () =>
      qc.setQueryData<InfiniteData<ReplyList>>(repliesKey(reply.postId), (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, replies: page.replies.map((r) => (r.id === reply.id ? { ...r, reportedByMe: true } : r)) })) }
          : data,
      ),
  });
}
