import { useMutation } from '@tanstack/react-query';
import type { FeedbackInput } from '#shared/schemas/feedback';
import { apiRequest } from '../../../lib/api-client';

/** The admin's feedback list (product §14.2 invalidates it after a submission). */
const feedbackListKey = ['/api/feedback'] as const;

/** POST /api/feedback: open to visitors; the server takes the sender from the session. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackInput) => apiRequest<{ id: number; createdAt: string }>('POST', '/api/feedback', input),
    onSuccess: (_data, _input, _result, context) => context.client.invalidateQueries({ queryKey: feedbackListKey }),
  });
}
