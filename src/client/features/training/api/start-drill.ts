import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LessonMotion, TrainingDrillStarted, TrainingPartId } from '#shared/schemas/training';
import { apiRequest } from '../../../lib/api-client';
import { trainingKey } from './get-training';

/**
 * POST /api/training/:partId/drill: the server opens the drill's conversation with the buyer's
 * first line. Finishing its scene in the chat completes the part, so the course and the lesson
 * are read afresh when the rep comes back to them.
 */
export function useStartDrill(partId: TrainingPartId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (motion: LessonMotion) => apiRequest<TrainingDrillStarted>('POST', `/api/training/${encodeURIComponent(partId)}/drill`, { motion }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: trainingKey }),
  });
}
