import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKey, setCurrentUser } from '../../user/api/get-current-user';

/** Data that is the same for everyone and survives a sign-out. */
const PUBLIC_KEYS = new Set(['/api/plans', '/api/config']);

export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ok: true }>('POST', '/api/auth/signout'),
    // Whatever the server answered, this browser is signed out now, and nothing of the
    // previous user stays in the cache for the next one.
    onSettled: async () => {
      await setCurrentUser(qc, null);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserKey[0] && !PUBLIC_KEYS.has(String(q.queryKey[0])) });
    },
  });
}
