import { ApiRequestError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/api/current-user';

/**
 * Whether the forum is open to the signed-in user: Pro or admin, as the server decides it
 * (`hasProAccess` comes from the server's entitlements). A 403 from any forum request (the plan
 * lapsed since the user was read) locks it too.
 */
export function useCommunityAccess() {
  const { data: user } = useCurrentUser();
  return { user, entitled: Boolean(user && (user.isAdmin || user.hasProAccess)) };
}

export const refusedForPlan = (error: unknown) => error instanceof ApiRequestError && error.status === 403;
