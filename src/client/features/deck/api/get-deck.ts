import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Deck } from '#shared/schemas/deck';
import { apiGet } from '../../../lib/api-client';

export const deckKey = ['/api/deck'] as const;

/** GET /api/deck: every line in the rep's deck, with when it is due and how strong it is (any plan). */
export const fetchDeck = (signal?: AbortSignal) => apiGet<Deck>('/api/deck', signal);

// Fresh on each visit: a chat turn may have added lines since.
export const deckQuery = queryOptions({ queryKey: deckKey, queryFn: ({ signal }) => fetchDeck(signal), staleTime: 0 });

export function useDeck() {
  return useQuery(deckQuery);
}
