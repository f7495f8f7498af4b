import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingState } from '#shared/schemas/billing';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterBillingChange } from '../../../lib/api/billing';

/**
 * POST /api/billing/cancel (access continues to the period end) and POST /api/billing/resume
 * (renews again). Both answer with the new billing state.
 */
export function useChangeSubscription(action: 'cancel' | 'resume') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BillingState>('POST', `/api/billing/${action}`, {}),
    onSuccess: (state) => refreshAfterBillingChange(qc, state),
  });
}
