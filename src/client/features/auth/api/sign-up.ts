import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignUpInput } from '#shared/schemas/auth';
import type { User } from '#shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/api/current-user';

export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => apiRequest<User>('POST', '/api/auth/signup', input),
    onSuccess: (user) => setCurrentUser(qc, user),
  });
}
