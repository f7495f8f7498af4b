import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferralState } from '#shared/schemas/billing';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterBillingChange } from '../../../lib/api/billing';
import { referralKey } from './get-referral';

/** POST /api/referral/redeem: turns one free month into 30 more days of Pro (409 when none is left). */
export function useRedeemReferralMonth() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ReferralState>('POST', '/api/referral/redeem', {}),
    onSuccess: async (state) => {
      // The plan changed: every answer that shows it is read again, then this one is set (the refresh would re-read it).
      await refreshAfterBillingChange(qc);
      qc.setQueryData(referralKey, state);
    },
  });
}
