import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeBase } from '#shared/schemas/knowledge';
import { knowledgeChanged } from '../lib/admin-cache';
import { adminRequest } from './admin-request';

/** POST /api/admin/knowledge-base/versions/:id/restore: the old text becomes a new version. */
export function useRestoreKnowledgeVersion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminRequest<KnowledgeBase>('POST', `/api/admin/knowledge-base/versions/${id}/restore`),
    onSuccess: (live) => knowledgeChanged(qc, live),
  });
}
