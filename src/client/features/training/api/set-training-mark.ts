import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrainingOverview, TrainingPartId } from '#shared/schemas/training';
import { apiRequest } from '../../../lib/api-client';
import { trainingKey } from './get-training';

export interface TrainingMarkChange {
  partId: TrainingPartId;
  mark: 'saved' | 'watched';
  on: boolean;
}

/**
 * PUT /api/training/:partId/saved or /watched. The server answers with the whole overview,
 * so the page shows what was stored (and the new minutes) without reading it again.
 */
export function useSetTrainingMark() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ partId, mark, on }: TrainingMarkChange) =>
      apiRequest<TrainingOverview>('PUT', `/api/training/${encodeURIComponent(partId)}/${mark}`, mark === 'saved' ? { saved: on } : { watched: on }),
    onSuccess: (overview) => qc.setQueryData(trainingKey, overview),
  });
}
