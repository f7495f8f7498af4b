import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationPost } from '../../../../shared/schemas/moderation';
import { adminRequest } from './admin-request';
import { auditKey } from './get-audit-log';
import { moderationKey } from './get-moderation-queue';

/** The three moderation calls share a shape: POST /api/admin/moderation/posts/:id/<action>, answered with the post. */
export type ModerationAction = 'hide' | 'restore' | 'dismiss-reports';

/** POST /api/admin/moderation/posts/:id/hide | restore | dismiss-reports (shared/schemas/moderation.ts). */
export function useModeratePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ModerationAction }) => adminRequest<ModerationPost>('POST', `/api/admin/moderation/posts/${id}/${action}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: moderationKey });
      void qc.invalidateQueries({ queryKey: auditKey });
    },
  });
}
