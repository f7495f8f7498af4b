import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Feedback, FeedbackStatus } from '#shared/schemas/feedback';
import { adminRequest } from './admin-request';
import { auditKey } from './get-audit-log';
import { feedbackListKey } from './get-feedback-list';

/** PATCH /api/feedback/:id/status (admin): any of new, reviewed, planned, completed. */
export function useSetFeedbackStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: FeedbackStatus }) => adminRequest<Feedback>('PATCH', `/api/feedback/${id}/status`, { status }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: feedbackListKey });
      void qc.invalidateQueries({ queryKey: auditKey });
    },
  });
}
