import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUnlockStatus } from '#shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client';
import { forgetAdminData } from '../lib/admin-cache';
import { unlockStatusKey } from './get-unlock-status';

/** POST /api/admin/lock: the panel's Logout (product §12); the admin stays signed in to the app. */
export function useLockPanel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AdminUnlockStatus>('POST', '/api/admin/lock'),
    onSuccess: (status) => {
      qc.setQueryData(unlockStatusKey, status);
      forgetAdminData(qc);
    },
  });
}
