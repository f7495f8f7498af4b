import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountDeletionInput } from '#shared/schemas/account';
import { apiRequest } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/api/current-user';
import { logOut } from '../../../lib/session-ended';

export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountDeletionInput) => apiRequest<{ ok: true }>('DELETE', '/api/account', input),
    onSuccess: async () => {
      // The account is gone: Back to one of its pages leads to the welcome page, not to sign-in.
      logOut.onPurpose = true;
      await setCurrentUser(qc, null);
      qc.clear();
    },
  });
}
