import { useQuery } from '@tanstack/react-query';
import type { Feedback, FeedbackListQuery } from '#shared/schemas/feedback';
import { adminGet } from './admin-request';

/** product §14.2's key: a new submission invalidates it (features/feedback). */
export const feedbackListKey = ['/api/feedback'] as const;

const queryString = (filters: FeedbackListQuery) => {
  const set = Object.entries(filters).flatMap(([key, value]): [string, string][] => (typeof value === 'string' ? [[key, value]] : []));
  return set.length ? `?${new URLSearchParams(set).toString()}` : '';
};

/** GET /api/feedback (admin): newest first, with the filters chosen. */
export function useFeedbackList(filters: FeedbackListQuery) {
  return useQuery({
    queryKey: [...feedbackListKey, filters],
    queryFn: ({ signal }) => adminGet<Feedback[]>(`/api/feedback${queryString(filters)}`, signal),
    staleTime: 0,
  });
}
