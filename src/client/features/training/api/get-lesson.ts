import { useQuery } from '@tanstack/react-query';
import type { TrainingLesson } from '#shared/schemas/training';
import { apiGet } from '../../../lib/api-client';
import { trainingKey } from './get-training';

export const lessonKey = (partId: string) => [...trainingKey, partId] as const;

/** GET /api/training/:partId: the written lesson, its check without the answers (Pro). */
export function useLesson(partId: string, enabled: boolean) {
  return useQuery({
    queryKey: lessonKey(partId),
    queryFn: ({ signal }) => apiGet<TrainingLesson>(`/api/training/${encodeURIComponent(partId)}`, signal),
    enabled,
  });
}
