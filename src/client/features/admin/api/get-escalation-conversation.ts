import { useQuery } from '@tanstack/react-query';
import type { EscalationConversation } from '#shared/schemas/escalations';
import { adminGet } from './admin-request';
import { escalationsKey } from './get-escalations';

/**
 * Under the list's key, so an answer (which invalidates the list) reads the conversation again
 * with the team's message at its end; the lock forgets it with the rest of the panel's data.
 */
export const escalationConversationKey = (id: number) => [...escalationsKey, id, 'conversation'] as const;

/**
 * GET /api/admin/escalations/:id/conversation: the whole conversation, oldest first. Read when the
 * admin opens it (each read is audited), and not on a timer.
 */
export function useEscalationConversation(id: number) {
  return useQuery({
    queryKey: escalationConversationKey(id),
    queryFn: ({ signal }) => adminGet<EscalationConversation>(`/api/admin/escalations/${id}/conversation`, signal),
  });
}
