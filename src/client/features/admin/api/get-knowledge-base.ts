import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KnowledgeBase } from '#shared/schemas/knowledge';
import { adminGet } from './admin-request';

export const knowledgeKey = ['/api/admin/knowledge-base'] as const;

/** GET /api/admin/knowledge-base: the live text, its size, and who changed it last. */
export const knowledgeQuery = queryOptions({ queryKey: knowledgeKey, queryFn: ({ signal }) => adminGet<KnowledgeBase>('/api/admin/knowledge-base', signal), staleTime: 0 });

export const useKnowledgeBase = () => useQuery(knowledgeQuery);
