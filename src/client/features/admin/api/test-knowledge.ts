import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeTestInput, KnowledgeTestResult } from '#shared/schemas/knowledge';
import { adminRequest } from './admin-request';
import { auditKey } from './get-audit-log';

/** POST /api/admin/test-knowledge: the coach answers a test message with the live knowledge base. */
export function useTestKnowledge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: KnowledgeTestInput) => adminRequest<KnowledgeTestResult>('POST', '/api/admin/test-knowledge', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: auditKey }),
  });
}
