import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/schemas/config';
import { apiGet } from '../api-client';

export const configQuery = queryOptions({
  queryKey: ['/api/config'],
  queryFn: () => apiGet<PublicConfig>('/api/config'),
  staleTime: Infinity,
});

const fallback: PublicConfig = {
  productName: 'SalesCoach',
  companyName: 'SalesCoach Inc.',
  supportEmail: 'support@salescoach.example',
  privacyEmail: 'privacy@salescoach.example',
  tutorialVideoId: null,
  coachModel: null,
  // Until the server has said: no offer rather than one that might not be true.
  freeOffer: '',
};

/** Product name, company and contact points from the server's configuration (product §1.2). */
export function usePublicConfig(): PublicConfig {
  return useQuery(configQuery).data ?? fallback;
}
