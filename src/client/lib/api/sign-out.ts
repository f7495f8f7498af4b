import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { forgetReturnDraft } from '../return-draft';
import { forgetDestination } from '../destination';
import { logOut } from '../session-ended';
import { configQuery } from './config';
import { currentUserKey, setCurrentUser } from './current-user';
import { plansQuery } from './plans';

/** Data that is the same for everyone and survives a sign-out. */
const PUBLIC_KEYS = new Set<unknown>([configQuery.queryKey[0], plansQuery.queryKey[0]]);

export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => {
      // Chosen, not suffered: Back to a signed-in page now leads to the welcome page, and nothing
      // of this account's errands (an unsent message, a checkout to return to) waits in the tab.
      logOut.onPurpose = true;
      forgetReturnDraft();
      forgetDestination();
      return apiRequest<{ ok: true }>('POST', '/api/auth/signout');
    },
    // Whatever the server answered, this browser is signed out now, and nothing of the
    // previous user stays in the cache for the next one.
    onSettled: async () => {
      await setCurrentUser(qc, null);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserKey[0] && !PUBLIC_KEYS.has(q.queryKey[0]) });
    },
  });
}
