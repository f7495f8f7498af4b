import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountDeletionInput } from '../../../../shared/schemas/account';
import { apiRequest } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/api/current-user';

export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountDeletionInput) => apiRequest<{ ok: true }>('DELETE', '/api/account', input),
    onSuccess: async () => {
      await setCurrentUser(qc, null);
      qc.clear();
    },
  });
}
