import { lazy, Suspense } from 'react';
import type { KnowledgeVersionSummary } from '#shared/schemas/knowledge';
import { errorMessage } from '../../../lib/form-errors';
import { useKnowledgeVersion } from '../api/get-knowledge-version';
import { useKnowledgeVersions } from '../api/get-knowledge-versions';
import { useRestoreKnowledgeVersion } from '../api/restore-knowledge-version';
import { formatCount } from '../lib/format-when';
import { AdminQueryState } from './admin-query-state';
import { VersionHistory } from './version-history';

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
  return (
    <VersionHistory<KnowledgeVersionSummary>
      versions={versions}
      restore={restore.mutateAsync}
      restoring={restore.isPending}
      label="Knowledge base versions"
      testId="knowledge-version"
      details={(v) => `by ${author(v)} · ${formatCount(v.length)} characters`}
      changes={(id) => <VersionChanges id={id} />}
      restoreDescription="Its text becomes the live knowledge base, as a new version. The versions in between stay in the history."
    />
  );
}
