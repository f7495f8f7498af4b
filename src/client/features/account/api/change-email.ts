import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeInput } from '#shared/schemas/account';
import type { User } from '#shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/api/current-user';

export function useChangeEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailChangeInput) => apiRequest<User>('PUT', '/api/account/email', input),
    onSuccess: (user) => setCurrentUser(qc, user),
  });
}
