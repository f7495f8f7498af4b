import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeBase } from '#shared/schemas/knowledge';
import { knowledgeChanged } from '../lib/admin-cache';
import { adminRequest } from './admin-request';

/** POST /api/admin/knowledge-base: replaces the text (a new version). */
export function useReplaceKnowledge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (knowledge: string) => adminRequest<KnowledgeBase>('POST', '/api/admin/knowledge-base', { knowledge }),
    onSuccess: (live) => knowledgeChanged(qc, live),
  });
}
