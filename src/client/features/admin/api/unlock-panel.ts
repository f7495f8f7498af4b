import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUnlockInput, AdminUnlockStatus } from '#shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client';
import { unlockStatusKey } from './get-unlock-status';

/** POST /api/admin/unlock: the password (or ADMIN_KEY); the answer is the new status. */
export function useUnlockPanel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUnlockInput) => apiRequest<AdminUnlockStatus>('POST', '/api/admin/unlock', input),
    onSuccess: (status) => qc.setQueryData(unlockStatusKey, status),
  });
}
