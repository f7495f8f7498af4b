import { diffLines } from 'diff';

export interface DiffLine {
  kind: 'added' | 'removed' | 'same';
  text: string;
}

/** A run of changed lines with a little unchanged text around it, or a note that lines were skipped. */
export type DiffRow = DiffLine | { kind: 'skipped'; count: number };

/** Unchanged lines shown on each side of a change. */
const CONTEXT = 2;

/**
 * What changed from `before` to `after`, line by line (jsdiff's diffLines), with long unchanged
 * stretches folded into "N unchanged lines", so a one-line edit of a 64,000-character playbook
 * reads as one line.
 */
export function lineDiff(before: string, after: string): { rows: DiffRow[]; added: number; removed: number } {
  const lines: DiffLine[] = [];
  for (const part of diffLines(before, after)) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const text = part.value.endsWith('\n') ? part.value.slice(0, -1) : part.value;
    for (const line of text.split('\n')) lines.push({ kind, text: line });
  }
  const near = lines.map((_, i) => lines.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1).some((l) => l.kind !== 'same'));
  const rows: DiffRow[] = [];
  let skipped = 0;
  lines.forEach((line, i) => {
    if (line.kind === 'same' && !near[i]) {
      skipped += 1;
      return;
    }
    if (skipped) rows.push({ kind: 'skipped', count: skipped });
    skipped = 0;
    rows.push(line);
  });
  if (skipped) rows.push({ kind: 'skipped', count: skipped });
  return { rows, added: lines.filter((l) => l.kind === 'added').length, removed: lines.filter((l) => l.kind === 'removed').length };
}
