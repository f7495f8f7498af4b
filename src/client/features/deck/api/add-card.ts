import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeckCard, DeckCardInput } from '#shared/schemas/deck';
import { apiRequest } from '../../../lib/api-client';
import { deckKey } from './get-deck';

/** POST /api/deck: a buyer line the rep adds by hand. */
export function useAddCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: DeckCardInput) => apiRequest<DeckCard>('POST', '/api/deck', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: deckKey }),
  });
}
