import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { BillingState } from '#shared/schemas/billing';
import { apiGet } from '../api-client';
import { chatStatusKey } from './chat-status';
import { currentUserKey } from './current-user';

export const billingKey = ['/api/billing'] as const;

/**
 * GET /api/billing: the plan, the subscription behind it and whether the promo is still open.
 * Here, not in a feature, because the checkout pages, the account page and the referral page all
 * read or refresh it.
 */
export const fetchBilling = (signal?: AbortSignal) => apiGet<BillingState>('/api/billing', signal);

// Fresh on every visit: a renewal, a webhook or the end of a period changes it on the server.
export const billingQuery = queryOptions({ queryKey: billingKey, queryFn: ({ signal }) => fetchBilling(signal), staleTime: 0 });

export function useBilling() {
  return useQuery(billingQuery);
}

/** The referral page's key, spelled here so billing changes can refresh it without importing that feature. */
const referralKey = ['/api/referral'] as const;

/**
 * After the plan changed (a payment, Cancel, Resume, a redeemed month), every answer that shows
 * the plan is read again, so the header, the badge, the chat and the account page show the new
 * plan at once instead of the one cached before. `state` is the server's answer when the change
 * came with one.
 */
export async function refreshAfterBillingChange(qc: QueryClient, state?: BillingState): Promise<void> {
  if (state) qc.setQueryData(billingKey, state);
  await Promise.all([
    qc.invalidateQueries({ queryKey: currentUserKey }),
    qc.invalidateQueries({ queryKey: chatStatusKey }),
    qc.invalidateQueries({ queryKey: referralKey }),
    state ? Promise.resolve() : qc.invalidateQueries({ queryKey: billingKey }),
  ]);
}
