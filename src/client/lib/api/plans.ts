import { queryOptions, useQuery } from '@tanstack/react-query';
import { plans as defaultPlans, type PlanCatalogue } from '#shared/plans';
import { apiGet } from '../api-client';

export const plansQuery = queryOptions({
  queryKey: ['/api/plans'],
  queryFn: () => apiGet<PlanCatalogue>('/api/plans'),
  staleTime: Infinity,
});

/** The served catalogue; until it arrives (or if it cannot), the built-in one from shared/plans.ts. */
export function usePlans(): PlanCatalogue {
  return useQuery(plansQuery).data ?? defaultPlans;
}
