import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TutorialSeen } from '#shared/schemas/tutorial';
import type { User } from '#shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKey } from '../../../lib/api/current-user';

/** POST /api/tutorial/seen: records that the signed-in user watched the tutorial (product §6.4). */
export function useMarkTutorialSeen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TutorialSeen>('POST', '/api/tutorial/seen'),
    // Patch the cached user instead of refetching: the answer carries the one field that changed.
    onSuccess: ({ tutorialSeenAt }) => qc.setQueryData<User | null>(currentUserKey, (u) => (u ? { ...u, tutorialSeenAt } : u)),
  });
}
