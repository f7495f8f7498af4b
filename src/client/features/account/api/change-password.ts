import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeInput } from '#shared/schemas/account';
import { apiRequest } from '../../../lib/api-client';

export function useChangePassword() {
  return useMutation({ mutationFn: (input: PasswordChangeInput) => apiRequest<{ ok: true }>('PUT', '/api/account/password', input) });
}
