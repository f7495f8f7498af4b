import { useQuery } from '@tanstack/react-query';
import type { MODERATION_QUEUE_STATUSES, ModerationQueue } from '#shared/schemas/moderation';
import { adminGet } from './admin-request';

export const moderationKey = ['/api/admin/moderation/reports'] as const;
export type ModerationQueueStatus = (typeof MODERATION_QUEUE_STATUSES)[number];

/** GET /api/admin/moderation/reports?status=open|all: reported posts with their reports (issue #15's routes). */
export function useModerationQueue(status: ModerationQueueStatus) {
  return useQuery({
    queryKey: [...moderationKey, status],
    queryFn: ({ signal }) => adminGet<ModerationQueue>(`/api/admin/moderation/reports?status=${status}`, signal),
    staleTime: 0,
  });
}
