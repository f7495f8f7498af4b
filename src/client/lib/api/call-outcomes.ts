import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallOutcome, CallOutcomeInput, ReplyOutcome } from '#shared/schemas/progress';
import { apiRequest } from '../api-client';

/*
 * A coaching reply's logged call outcome ("Tried it"), shared by the chat (under each reply) and
 * the progress page (its list of recent replies): here in lib because both features log them.
 */

/** GET /api/progress's key root; logging an outcome changes what the page shows. */
export const progressKeyRoot = ['/api/progress'] as const;

/**
 * What this tab changed: an outcome logged, changed or taken back here is kept under the reply's
 * id and shown wherever the reply is (the chat, the progress page). It is not written into the
 * conversation's cached messages: rewriting those would make the chat re-run its scrolling for a
 * new message list. Nothing else is kept here, so a reply read afresh shows what the server sent.
 */
const outcomeKey = (messageId: number) => ['call-outcome', messageId] as const;

export function useReplyOutcome(messageId: number, loaded: ReplyOutcome | null | undefined): ReplyOutcome | null {
  const { data } = useQuery<ReplyOutcome | null>({
    queryKey: outcomeKey(messageId),
    // Never fetched: only a change made here fills it.
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
    // Kept while the tab lives: a reply shown again later must not fall back to an older copy.
    gcTime: Infinity,
  });
  return data !== undefined ? data : (loaded ?? null);
}

export type OutcomeChange = { messageId: number } & ({ input: CallOutcomeInput } | { input: null });

/** PUT /api/outcomes/:messageId (log or change) or DELETE (take back): open to every signed-in rep, on their own replies. */
export function useSaveOutcome() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ messageId, input }: OutcomeChange): Promise<ReplyOutcome | null> => {
      const url = `/api/outcomes/${encodeURIComponent(String(messageId))}`;
      if (input === null) {
        await apiRequest('DELETE', url);
        return null;
      }
      const { result, note, loggedAt, updatedAt } = await apiRequest<CallOutcome>('PUT', url, input);
      return { result, note, loggedAt, updatedAt };
    },
    onSuccess: (outcome, { messageId }) => {
      qc.setQueryData(outcomeKey(messageId), outcome);
      void qc.invalidateQueries({ queryKey: progressKeyRoot });
    },
  });
}
