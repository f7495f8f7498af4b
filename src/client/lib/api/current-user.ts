import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionState } from '#shared/schemas/auth';
import type { User } from '#shared/schemas/user';
import { apiGet } from '../api-client';
import { logOut, noteSignedOut } from '../session-ended';
import { clearStoredUser, writeStoredUser } from '../stored-user';

export const currentUserKey = ['/api/user'] as const;

/**
 * The signed-in user from the server, or null when signed out. Reads /api/auth/session, which
 * answers 200 either way, so a signed-out visit logs no failed request. Keeps the display cache in step.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  const { user, signedOutBecause } = await apiGet<SessionState>('/api/auth/session', signal);
  if (signedOutBecause) noteSignedOut(signedOutBecause);
  if (user) writeStoredUser(user);
  else clearStoredUser();
  return user;
}

export const currentUserQuery = queryOptions({ queryKey: currentUserKey, queryFn: ({ signal }) => fetchCurrentUser(signal), staleTime: 30_000 });

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/**
 * Makes `user` the signed-in user everywhere at once. A session read still in flight from
 * before (answered for the signed-out browser) is aborted first, so it cannot land afterwards
 * and sign the user out again.
 */
export async function setCurrentUser(qc: QueryClient, user: User | null): Promise<void> {
  await qc.cancelQueries({ queryKey: currentUserKey });
  if (user) logOut.onPurpose = false;
  if (user) writeStoredUser(user);
  else clearStoredUser();
  qc.setQueryData(currentUserKey, user);
}
