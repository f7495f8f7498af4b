import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationReply } from '../../../../shared/schemas/moderation';
import { adminRequest } from './admin-request';
import { auditKey } from './get-audit-log';
import { moderationKey } from './get-moderation-queue';
import type { ModerationAction } from './moderate-post';

/** POST /api/admin/moderation/replies/:id/hide | restore | dismiss-reports (shared/schemas/moderation.ts), answered with the reply. */
export function useModerateReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ModerationAction }) => adminRequest<ModerationReply>('POST', `/api/admin/moderation/replies/${id}/${action}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: moderationKey });
      void qc.invalidateQueries({ queryKey: auditKey });
    },
  });
}
