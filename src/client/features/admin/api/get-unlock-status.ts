import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUnlockStatus } from '#shared/schemas/admin';
import { apiGet } from '../../../lib/api-client';

export const unlockStatusKey = ['/api/admin/unlock'] as const;

/** GET /api/admin/unlock: whether this session's panel is unlocked, until when, and what unlocks it (admins only). */
export const unlockStatusQuery = queryOptions({
  queryKey: unlockStatusKey,
  queryFn: ({ signal }) => apiGet<AdminUnlockStatus>('/api/admin/unlock', signal),
  staleTime: 0,
});

export function useUnlockStatus(enabled: boolean) {
  return useQuery({ ...unlockStatusQuery, enabled });
}
