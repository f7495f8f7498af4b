import { useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AuditPage } from '#shared/schemas/admin';
import { adminGet } from './admin-request';

export const auditKey = ['/api/admin/audit'] as const;

/**
 * GET /api/admin/audit: one page, newest first; `before` is the id the previous page ended at
 * (null: the newest). A page per query rather than useInfiniteQuery, whose observer would pull
 * part of TanStack Query out of the first chunk into a shared one (1.2 KB more before first paint).
 */
export function useAuditPage(before: number | null) {
  return useQuery({
    queryKey: [...auditKey, before],
    queryFn: ({ signal }) => adminGet<AuditPage>(`/api/admin/audit?limit=${AUDIT_PAGE_SIZE}${before ? `&before=${before}` : ''}`, signal),
    staleTime: 0,
  });
}
