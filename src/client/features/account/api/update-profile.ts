import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingInput } from '#shared/schemas/onboarding';
import type { User } from '#shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/api/current-user';

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OnboardingInput) => apiRequest<User>('PUT', '/api/account/profile', input),
    onSuccess: (user) => setCurrentUser(qc, user),
  });
}
