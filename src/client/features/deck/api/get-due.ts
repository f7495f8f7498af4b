import { useQuery } from '@tanstack/react-query';
import type { DeckDue } from '#shared/schemas/deck';
import { apiGet } from '../../../lib/api-client';

export const deckDueKey = ['/api/deck/due'] as const;

/** GET /api/deck/due: the cards due for a drill (the trial, Basic, Pro; Free gets payment_required). */
export const fetchDue = (signal?: AbortSignal) => apiGet<DeckDue>('/api/deck/due', signal);

/** Read once when the drill opens: the drill walks that list, so an answered card does not jump back in mid-round. */
export function useDue(enabled: boolean) {
  return useQuery({ queryKey: deckDueKey, queryFn: ({ signal }) => fetchDue(signal), enabled, staleTime: Infinity, gcTime: 0 });
}
