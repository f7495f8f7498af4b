import { useQuery } from '@tanstack/react-query';
import type { KnowledgeVersionList } from '#shared/schemas/knowledge';
import { adminGet } from './admin-request';

export const knowledgeVersionsKey = ['/api/admin/knowledge-base/versions'] as const;

/** GET /api/admin/knowledge-base/versions: the history, newest first (100 at most). */
export const useKnowledgeVersions = () =>
  useQuery({ queryKey: knowledgeVersionsKey, queryFn: ({ signal }) => adminGet<KnowledgeVersionList>('/api/admin/knowledge-base/versions', signal), staleTime: 0 });
