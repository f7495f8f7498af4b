import { useState, type ReactNode } from 'react';
import { FileClock } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { formatWhen } from '../lib/format-when';
import { AdminQueryState, type AdminQueryLike } from './admin-query-state';
import { ConfirmDialog } from './confirm-dialog';

/** What a versioned text's history lists: the knowledge base's and each lesson's. */
export interface VersionSummaryLike {
  id: number;
  note: string;
  createdAt: string;
}

interface VersionHistoryProps<V extends VersionSummaryLike> {
  versions: AdminQueryLike<{ versions: V[] }>;
  /** Restores a version as a new one; resolves to the new live version. */
  restore: (id: number) => Promise<{ version: { id: number } | null }>;
  restoring: boolean;
  /** The list's accessible name, and its items' test id prefix. */
  label: string;
  testId: string;
  /** The line under a version's title after its date: who, and what else it holds. */
  details: (v: V) => ReactNode;
  /** A version's changes from the one before, shown on "View changes". */
  changes: (id: number) => ReactNode;
  /** What restoring does, in the confirmation. */
  restoreDescription: string;
  /** Shown when nothing was saved yet. */
  empty?: ReactNode;
}

/**
 * The version history of a text admins edit (the knowledge base, a lesson): newest first with the
 * live one marked, each version's changes on demand, and Restore, which saves the old text as a
 * new version after a confirmation.
 */
export function VersionHistory<V extends VersionSummaryLike>({ versions, restore, restoring, label, testId, details, changes, restoreDescription, empty }: VersionHistoryProps<V>) {
  const [open, setOpen] = useState<number | null>(null);
  const [chosen, setChosen] = useState<V | null>(null);

  const confirmRestore = () => {
    if (!chosen) return;
    restore(chosen.id).then(
      (live) => {
        setChosen(null);
        toast({ title: 'Version restored', description: `Version #${chosen.id} is live again, as version #${live.version?.id ?? '?'}.` });
      },
      (err: unknown) => toast({ title: 'Restore failed', description: errorMessage(err), variant: 'destructive' }),
    );
  };

  return (
    <Card className="space-y-4">
      <CardTitle className="flex items-center gap-2">
        <FileClock className="h-5 w-5 text-slate-600" aria-hidden />
        Version history
      </CardTitle>
      <AdminQueryState query={versions} layout="compact" error="The history could not be loaded." loading="Loading the history…">
        {({ versions: list }) =>
          list.length === 0 && empty ? (
            <p className="text-sm text-slate-600">{empty}</p>
          ) : (
            <ol className="divide-y divide-slate-200" aria-label={label}>
              {list.map((v, index) => (
                <li key={v.id} className="space-y-2 py-3" data-testid={`${testId}-${v.id}`}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">
                        #{v.id} · {v.note}
                        {index === 0 && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Live</span>}
                      </p>
                      <p className="text-sm text-slate-600">
                        {formatWhen(v.createdAt)} · {details(v)}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button variant="secondary" aria-expanded={open === v.id} onClick={() => setOpen(open === v.id ? null : v.id)}>
                        {open === v.id ? 'Hide changes' : 'View changes'}
                      </Button>
                      {index > 0 && (
                        <Button variant="secondary" onClick={() => setChosen(v)}>
                          Restore
                        </Button>
                      )}
                    </div>
                  </div>
                  {open === v.id && changes(v.id)}
                </li>
              ))}
            </ol>
          )
        }
      </AdminQueryState>
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(next) => !next && setChosen(null)}
        title={`Restore version #${chosen?.id ?? ''}?`}
        description={restoreDescription}
        confirmLabel="Restore this version"
        busy={restoring}
        onConfirm={confirmRestore}
      />
    </Card>
  );
}
