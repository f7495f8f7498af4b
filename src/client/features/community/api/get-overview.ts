import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityOverview } from '#shared/schemas/community';
import { apiGet } from '../../../lib/api-client';
import { overviewKey } from './keys';

/** GET /api/community/overview: the categories with their counts, stats, trending and top contributors. */
export const fetchOverview = (signal?: AbortSignal) => apiGet<CommunityOverview>('/api/community/overview', signal);

// Fresh on each visit: the counts are live.
export const overviewQuery = queryOptions({ queryKey: overviewKey, queryFn: ({ signal }) => fetchOverview(signal), staleTime: 0 });

export function useCommunityOverview(enabled: boolean) {
  return useQuery({ ...overviewQuery, enabled });
}
