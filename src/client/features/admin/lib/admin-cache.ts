import type { QueryClient } from '@tanstack/react-query';
import type { KnowledgeBase } from '#shared/schemas/knowledge';
import { auditKey } from '../api/get-audit-log';
import { knowledgeKey } from '../api/get-knowledge-base';
import { knowledgeVersionsKey } from '../api/get-knowledge-versions';
import { unlockStatusKey } from '../api/get-unlock-status';

/** After a knowledge change: the live text (given, or read again), the history and the audit log. */
export function knowledgeChanged(qc: QueryClient, live?: KnowledgeBase): void {
  if (live) qc.setQueryData(knowledgeKey, live);
  else void qc.invalidateQueries({ queryKey: knowledgeKey, exact: true });
  void qc.invalidateQueries({ queryKey: knowledgeVersionsKey });
  void qc.invalidateQueries({ queryKey: auditKey });
}

/** Once the panel locks, nothing it read stays in this browser's memory for whoever uses it next. */
export function forgetAdminData(qc: QueryClient): void {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== unlockStatusKey[0] && (String(q.queryKey[0]).startsWith('/api/admin/') || q.queryKey[0] === '/api/feedback') });
}
