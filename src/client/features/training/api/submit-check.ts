import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckChoiceKey, TrainingCheckResult, TrainingLesson, TrainingPartId } from '#shared/schemas/training';
import { apiRequest } from '../../../lib/api-client';
import { lessonKey } from './get-lesson';
import { trainingKey } from './get-training';

/**
 * POST /api/training/:partId/check: the server scores the answers (it alone holds them). A pass
 * completes the part, so the lesson takes the answer's part and the course list reads afresh.
 */
export function useSubmitCheck(partId: TrainingPartId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answers: [CheckChoiceKey, CheckChoiceKey, CheckChoiceKey]) =>
      apiRequest<TrainingCheckResult>('POST', `/api/training/${encodeURIComponent(partId)}/check`, { answers }),
    onSuccess: (result) => {
      qc.setQueryData<TrainingLesson>(lessonKey(partId), (lesson) => (lesson ? { ...lesson, part: result.part } : lesson));
      void qc.invalidateQueries({ queryKey: trainingKey, exact: true });
    },
  });
}
