import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeBase } from '#shared/schemas/knowledge';
import { knowledgeChanged } from '../lib/admin-cache';
import { adminRequest } from './admin-request';

/** DELETE /api/admin/knowledge-base: clears it (a new, empty version). */
export function useClearKnowledge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<KnowledgeBase>('DELETE', '/api/admin/knowledge-base'),
    onSuccess: (live) => knowledgeChanged(qc, live),
  });
}
