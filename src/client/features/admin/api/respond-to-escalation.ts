import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EscalationResponseInput } from '#shared/schemas/escalations';
import { knowledgeChanged } from '../lib/admin-cache';
import { adminRequest } from './admin-request';
import { escalationsKey } from './get-escalations';

/** POST /api/admin/escalations/:id/respond: the answer joins the rep's chat; a learning note the knowledge base. */
export function useRespondToEscalation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: EscalationResponseInput & { id: number }) => adminRequest<{ ok: true }>('POST', `/api/admin/escalations/${id}/respond`, input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: escalationsKey });
      // A learning note made a knowledge version; the audit log has the answer either way.
      knowledgeChanged(qc);
    },
  });
}
