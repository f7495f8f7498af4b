import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrainingOverview, TrainingPartId } from '#shared/schemas/training';
import { apiRequest } from '../../../lib/api-client';
import { trainingKey } from './get-training';

export interface TrainingSavedChange {
  partId: TrainingPartId;
  on: boolean;
}

/**
 * PUT /api/training/:partId/saved. The server answers with the whole overview, so the page
 * shows what was stored without reading it again.
 */
export function useSetTrainingSaved() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ partId, on }: TrainingSavedChange) => apiRequest<TrainingOverview>('PUT', `/api/training/${encodeURIComponent(partId)}/saved`, { saved: on }),
    onSuccess: (overview) => qc.setQueryData(trainingKey, overview),
  });
}
