import { useMemo } from 'react';
import { cn } from '../../../lib/cn';
import { formatCount } from '../lib/format-when';
import { lineDiff } from '../lib/line-diff';

/**
 * What a version changed, line by line. Its own chunk (with jsdiff), loaded when an admin first
 * opens a version's changes. The text is the knowledge base's own, shown as text.
 */
export function KnowledgeDiff({ before, after }: { before: string; after: string }) {
  const { rows, added, removed } = useMemo(() => lineDiff(before, after), [before, after]);
  if (added === 0 && removed === 0) return <p className="text-sm text-slate-600">No changes from the version before.</p>;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        <span className="font-medium text-green-800">{formatCount(added)} lines added</span>, <span className="font-medium text-red-800">{formatCount(removed)} lines removed</span>
      </p>
      <div className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-slate-50 font-mono text-xs" data-testid="knowledge-diff">
        {rows.map((row, i) =>
          row.kind === 'skipped' ? (
            <p key={i} className="border-y border-slate-200 bg-slate-100 px-3 py-1 text-slate-600 italic">
              {formatCount(row.count)} unchanged lines
            </p>
          ) : (
            <p
              key={i}
              className={cn(
                'px-3 py-0.5 break-words whitespace-pre-wrap',
                row.kind === 'added' && 'bg-green-50 text-green-900',
                row.kind === 'removed' && 'bg-red-50 text-red-900 line-through decoration-red-300',
                row.kind === 'same' && 'text-slate-700',
              )}
            >
              <span aria-hidden className="mr-2 select-none">
                {row.kind === 'added' ? '+' : row.kind === 'removed' ? '−' : ' '}
              </span>
              <span className="sr-only">{row.kind === 'added' ? 'Added: ' : row.kind === 'removed' ? 'Removed: ' : ''}</span>
              {row.text || ' '}
            </p>
          ),
        )}
      </div>
    </div>
  );
}
