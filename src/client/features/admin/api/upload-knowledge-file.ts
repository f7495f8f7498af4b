import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeUploadInput, KnowledgeUploadResult } from '#shared/schemas/knowledge';
import { knowledgeChanged } from '../lib/admin-cache';
import { adminRequest } from './admin-request';

/** POST /api/admin/knowledge-base/upload: appends a .txt, .md or .csv file's text after a blank line. */
export function useUploadKnowledgeFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: KnowledgeUploadInput) => adminRequest<KnowledgeUploadResult>('POST', '/api/admin/knowledge-base/upload', input),
    onSuccess: () => knowledgeChanged(qc),
  });
}
