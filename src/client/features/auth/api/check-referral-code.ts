import { useQuery } from '@tanstack/react-query';
import type { ReferralCodeCheck } from '#shared/schemas/billing';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /api/referral/codes/:code: whether a sign-up link's code belongs to an account, so the
 * sign-up page tells of a friend only when there is one (issue #25). Disabled without a code.
 */
export function useReferralCodeCheck(code: string | undefined) {
  return useQuery({
    queryKey: ['/api/referral/codes', code],
    queryFn: ({ signal }) => apiGet<ReferralCodeCheck>(`/api/referral/codes/${encodeURIComponent(code ?? '')}`, signal),
    enabled: code !== undefined,
    staleTime: Infinity,
  });
}
