import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { deckKey } from './get-deck';

/** DELETE /api/deck/cards/:id: the line and its drill history. */
export function useDeleteCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ ok: true }>('DELETE', `/api/deck/cards/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: deckKey }),
  });
}
