import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationPost, ModerationReply } from '#shared/schemas/moderation';
import { adminRequest } from './admin-request';
import { auditKey } from './get-audit-log';
import { moderationKey } from './get-moderation-queue';

/** What a moderator does to one reported post or reply. */
export type ModerationAction = 'hide' | 'restore' | 'dismiss-reports';
/** The two kinds of reported content, as their paths name them. */
export type ModeratedKind = 'posts' | 'replies';

/**
 * POST /api/admin/moderation/{posts|replies}/:id/hide | restore | dismiss-reports
 * (shared/schemas/moderation.ts), answered with the post or the reply.
 */
export function useModerate(kind: ModeratedKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ModerationAction }) => adminRequest<ModerationPost | ModerationReply>('POST', `/api/admin/moderation/${kind}/${id}/${action}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: moderationKey });
      void qc.invalidateQueries({ queryKey: auditKey });
    },
  });
}
