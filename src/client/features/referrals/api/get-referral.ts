import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralState } from '#shared/schemas/billing';
import { apiGet } from '../../../lib/api-client';

export const referralKey = ['/api/referral'] as const;

/** GET /api/referral: the user's code and link, months earned and left, and what one is worth. */
export const fetchReferral = (signal?: AbortSignal) => apiGet<ReferralState>('/api/referral', signal);

// Fresh on each visit: a referred user's first payment credits a month at any time.
export const referralQuery = queryOptions({ queryKey: referralKey, queryFn: ({ signal }) => fetchReferral(signal), staleTime: 0 });

export function useReferral() {
  return useQuery(referralQuery);
}
