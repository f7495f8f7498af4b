import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff';

describe('lineDiff', () => {
  it('shows the changed lines with two lines of context and folds the rest', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const { rows, added, removed } = lineDiff(before, after);
    expect({ added, removed }).toEqual({ added: 1, removed: 1 });
    expect(rows).toEqual([
      { kind: 'skipped', count: 7 },
      { kind: 'same', text: 'line 8' },
      { kind: 'same', text: 'line 9' },
      { kind: 'removed', text: 'line 10' },
      { kind: 'added', text: 'line ten' },
      { kind: 'same', text: 'line 11' },
      { kind: 'same', text: 'line 12' },
      { kind: 'skipped', count: 8 },
    ]);
  });

  it('shows a first version as all added, and no change as none', () => {
    expect(lineDiff('', '## A\n\nText.')).toMatchObject({ added: 3, removed: 0 });
    expect(lineDiff('same\ntext', 'same\ntext')).toMatchObject({ added: 0, removed: 0 });
  });
});
