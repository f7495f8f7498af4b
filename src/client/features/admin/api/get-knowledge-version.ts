import { useQuery } from '@tanstack/react-query';
import type { KnowledgeVersion } from '#shared/schemas/knowledge';
import { adminGet } from './admin-request';
import { knowledgeVersionsKey } from './get-knowledge-versions';

/** GET /api/admin/knowledge-base/versions/:id: one version's text and the one before it. A version never changes. */
export const useKnowledgeVersion = (id: number | null) =>
  useQuery({
    queryKey: [...knowledgeVersionsKey, id],
    queryFn: ({ signal }) => adminGet<KnowledgeVersion>(`/api/admin/knowledge-base/versions/${id}`, signal),
    enabled: id !== null,
    staleTime: Infinity,
  });
