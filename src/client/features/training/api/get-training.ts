import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrainingOverview } from '#shared/schemas/training';
import { apiGet } from '../../../lib/api-client';

export const trainingKey = ['/api/training'] as const;

/** GET /api/training: the four parts with the user's saved and completed marks, and how many are completed (Pro). */
export const fetchTraining = (signal?: AbortSignal) => apiGet<TrainingOverview>('/api/training', signal);

// Fresh on each visit: marks set on another device show on return, and a lapsed plan is refused (403).
export const trainingQuery = queryOptions({ queryKey: trainingKey, queryFn: ({ signal }) => fetchTraining(signal), staleTime: 0 });

export function useTraining(enabled: boolean) {
  return useQuery({ ...trainingQuery, enabled });
}
