import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput } from '#shared/schemas/auth';
import type { User } from '#shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/api/current-user';

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => apiRequest<User>('POST', '/api/auth/signin', input),
    onSuccess: (user) => setCurrentUser(qc, user),
  });
}
