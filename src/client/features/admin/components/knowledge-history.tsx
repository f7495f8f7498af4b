import { lazy, Suspense, useState } from 'react';
import { FileClock } from 'lucide-react';
import type { KnowledgeVersionSummary } from '#shared/schemas/knowledge';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { useKnowledgeVersion } from '../api/get-knowledge-version';
import { useKnowledgeVersions } from '../api/get-knowledge-versions';
import { useRestoreKnowledgeVersion } from '../api/restore-knowledge-version';
import { formatCount, formatWhen } from '../lib/format-when';
import { AdminQueryState } from './admin-query-state';
import { ConfirmDialog } from './confirm-dialog';

// jsdiff and the diff view load when an admin first opens a version's changes.
const KnowledgeDiff = lazy(() => import('./knowledge-diff').then((m) => ({ default: m.KnowledgeDiff })));

const author = (v: KnowledgeVersionSummary) => (v.createdBy ? v.createdBy.username : v.note === 'Starter playbook' ? 'the app' : 'a deleted account');

function VersionChanges({ id }: { id: number }) {
  const version = useKnowledgeVersion(id);
  return (
    <AdminQueryState query={version} layout="compact" error={errorMessage(version.error)} loading="Loading the changes…">
      {(v) => (
        <Suspense fallback={<p role="status" className="text-sm text-slate-600">Loading the changes…</p>}>
          <KnowledgeDiff before={v.previous?.content ?? ''} after={v.content} />
        </Suspense>
      )}
    </AdminQueryState>
  );
}

/** Every version of the knowledge base, newest first: what changed, and Restore (a restore is a new version). */
export function KnowledgeHistory() {
  const versions = useKnowledgeVersions();
  const restore = useRestoreKnowledgeVersion();
  const [open, setOpen] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<KnowledgeVersionSummary | null>(null);

  const confirmRestore = () => {
    if (!restoring) return;
    restore.mutate(restoring.id, {
      onSuccess: (live) => {
        setRestoring(null);
        toast({ title: 'Version restored', description: `Version #${restoring.id} is live again, as version #${live.version?.id ?? '?'}.` });
      },
      onError: (err) => toast({ title: 'Restore failed', description: errorMessage(err), variant: 'destructive' }),
    });
  };

  return (
    <Card className="space-y-4">
      <CardTitle className="flex items-center gap-2">
        <FileClock className="h-5 w-5 text-slate-600" aria-hidden />
        Version history
      </CardTitle>
      <AdminQueryState query={versions} layout="compact" error="The history could not be loaded." loading="Loading the history…">
        {({ versions: list }) => (
          <ol className="divide-y divide-slate-200" aria-label="Knowledge base versions">
            {list.map((v, index) => (
              <li key={v.id} className="space-y-2 py-3" data-testid={`knowledge-version-${v.id}`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      #{v.id} · {v.note}
                      {index === 0 && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Live</span>}
                    </p>
                    <p className="text-sm text-slate-600">
                      {formatWhen(v.createdAt)} · by {author(v)} · {formatCount(v.length)} characters
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button variant="secondary" size="md" aria-expanded={open === v.id} onClick={() => setOpen(open === v.id ? null : v.id)}>
                      {open === v.id ? 'Hide changes' : 'View changes'}
                    </Button>
                    {index > 0 && (
                      <Button variant="secondary" size="md" onClick={() => setRestoring(v)}>
                        Restore
                      </Button>
                    )}
                  </div>
                </div>
                {open === v.id && <VersionChanges id={v.id} />}
              </li>
            ))}
          </ol>
        )}
      </AdminQueryState>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(next) => !next && setRestoring(null)}
        title={`Restore version #${restoring?.id ?? ''}?`}
        description="Its text becomes the live knowledge base, as a new version. The versions in between stay in the history."
        confirmLabel="Restore this version"
        busy={restore.isPending}
        onConfirm={confirmRestore}
      />
    </Card>
  );
}
