import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeckCard } from '#shared/schemas/deck';
import { apiRequest } from '../../../lib/api-client';
import { deckKey } from './get-deck';

/** PATCH /api/deck/cards/:id: rewords a line; its schedule stays. */
export function useEditCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => apiRequest<DeckCard>('PATCH', `/api/deck/cards/${id}`, { text }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deckKey }),
  });
}
