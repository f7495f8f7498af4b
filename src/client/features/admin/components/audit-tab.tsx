import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { isCliAuditAction } from '#shared/schemas/admin';
import { Card } from '../../../components/ui/card';
import { useAuditPage } from '../api/get-audit-log';
import { formatWhen } from '../lib/format-when';
import { AdminQueryState } from './admin-query-state';

/** One page of entries; the last page shown offers the next (older) one. */
function AuditPageRows({ before, last, onOlder }: { before: number | null; last: boolean; onOlder: (before: number) => void }) {
  const page = useAuditPage(before);
  if (!page.data) {
    // A row of the list, so the list stays a list while a page loads or fails.
    return (
      <li className="px-4 py-3">
        <AdminQueryState query={page} layout="compact" error="The audit log could not be loaded." loading="Loading the audit log…">
          {() => null}
        </AdminQueryState>
      </li>
    );
  }
  if (before === null && page.data.entries.length === 0) return <li className="px-4 py-6 text-center text-slate-600">No admin actions yet.</li>;
  const next = page.data.nextBefore;
  return (
    <>
      {page.data.entries.map((e) => (
        <li key={e.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_9rem_1fr] sm:gap-4">
          <time dateTime={e.createdAt} className="text-sm text-slate-600">
            {formatWhen(e.createdAt)}
          </time>
          <span className="text-sm font-medium break-words text-slate-900">{e.actor?.username ?? (isCliAuditAction(e.action) ? 'command line' : 'deleted account')}</span>
          <span className="min-w-0 text-sm text-slate-800">
            <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-900">{e.action}</code>
            {e.targetType && (
              <span className="text-slate-600">
                {' '}
                on {e.targetType.replace(/_/g, ' ')}
                {e.targetId && ` #${e.targetId}`}
              </span>
            )}
            {e.summary && <span className="block break-words text-slate-600">{e.summary}</span>}
          </span>
        </li>
      ))}
      {last && next !== null && (
        <li className="px-4 py-3">
          <Button variant="secondary" onClick={() => onOlder(next)}>
            Show older entries
          </Button>
        </li>
      )}
    </>
  );
}

/** Every admin action, newest first (issue #16): who, what, on what, when; older pages on request. */
export function AuditTab() {
  const [pages, setPages] = useState<(number | null)[]>([null]);
  return (
    <Card className="p-0">
      <ol className="divide-y divide-slate-200" aria-label="Audit log, newest first" data-testid="audit-log">
        {pages.map((before, i) => (
          <AuditPageRows key={before ?? 'newest'} before={before} last={i === pages.length - 1} onOlder={(next) => setPages((p) => [...p, next])} />
        ))}
      </ol>
    </Card>
  );
}
