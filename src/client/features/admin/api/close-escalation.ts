import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { auditKey } from './get-audit-log';
import { escalationsKey } from './get-escalations';

/** POST /api/admin/escalations/:id/close */
export function useCloseEscalation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminRequest<{ ok: true }>('POST', `/api/admin/escalations/${id}/close`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: escalationsKey });
      void qc.invalidateQueries({ queryKey: auditKey });
    },
  });
}
