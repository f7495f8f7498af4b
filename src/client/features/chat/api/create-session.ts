import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSession } from '#shared/schemas/chat';
import { apiRequest } from '../../../lib/api-client';
import { conversationKey } from './get-conversation';
import { conversationsKey } from './get-conversations';

/** POST /api/chat/session: a new, empty conversation (the first visit and New Chat). */
export const createSession = () => apiRequest<ChatSession>('POST', '/api/chat/session', {});

export function useCreateSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: (session) => {
      // Seeded so opening it needs no second request.
      qc.setQueryData(conversationKey(session.sessionId), session);
      void qc.invalidateQueries({ queryKey: conversationsKey, exact: true });
    },
  });
}
