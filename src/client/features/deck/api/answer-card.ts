import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeckAnswerResult } from '#shared/schemas/deck';
import { apiRequest } from '../../../lib/api-client';
import { deckKey } from './get-deck';

/** POST /api/deck/cards/:id/answer: scored by the coach's rubric, the card rescheduled. */
export function useAnswerCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: string }) => apiRequest<DeckAnswerResult>('POST', `/api/deck/cards/${id}/answer`, { answer }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deckKey }),
  });
}
