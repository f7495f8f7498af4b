import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingInput } from '#shared/schemas/onboarding';
import type { User } from '#shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/api/current-user';

/** POST /api/onboarding: saves the profile and answers with the updated user. */
export function useSubmitOnboarding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OnboardingInput) => apiRequest<User>('POST', '/api/onboarding', input),
    // Returned so the caller's onSuccess runs only once the stored user says onboarding is done (product §6.3).
    onSuccess: (user) => setCurrentUser(qc, user),
  });
}
