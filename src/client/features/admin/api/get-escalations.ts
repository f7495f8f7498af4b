import { useQuery } from '@tanstack/react-query';
import type { Escalation, EscalationListQuery } from '#shared/schemas/escalations';
import { adminGet } from './admin-request';

export const escalationsKey = ['/api/admin/escalations'] as const;

/** product §12.5 and §16: the list refreshes every 10 seconds while it is shown. */
export const ESCALATIONS_REFRESH_MS = 10_000;

/** GET /api/admin/escalations?status=…: pending first, most urgent first. */
export function useEscalations(status: EscalationListQuery['status']) {
  return useQuery({
    queryKey: [...escalationsKey, status],
    queryFn: ({ signal }) => adminGet<Escalation[]>(`/api/admin/escalations?status=${status}`, signal),
    refetchInterval: ESCALATIONS_REFRESH_MS,
    staleTime: 0,
  });
}
