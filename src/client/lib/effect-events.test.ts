import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('latest props in a handler an effect hands out', () => {
  it('are read through React’s useEffectEvent, not a hand-rolled useLatest ref (issue #26)', () => {
    const root = join(import.meta.dirname, '..');
    const handRolled = sources(root)
      .filter((file) => /function useLatest\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(handRolled).toEqual([]);
  });
});
