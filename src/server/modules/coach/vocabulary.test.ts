import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { intentOf, type Intent } from './playbook/intent.js';
import { ANOTHER_TIP, COACH_UNAVAILABLE_MESSAGE, DIFFERENT_PROBLEM, FALLBACK_NOTICE, HINT, ROLE_PLAY, STOP_ROLE_PLAY, TRY_SCENE_AGAIN } from './vocabulary.js';

const LABELS: Array<[string, Intent]> = [
  [ANOTHER_TIP, 'another_tip'],
  [ROLE_PLAY, 'roleplay'],
  [DIFFERENT_PROBLEM, 'different_problem'],
  [HINT, 'hint'],
  [STOP_ROLE_PLAY, 'stop'],
  [TRY_SCENE_AGAIN, 'roleplay'],
];

const coachDir = path.resolve('src/server/modules/coach');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the coach vocabulary', () => {
  it.each(LABELS)('"%s", tapped, is read by the built-in coach as %s', (label, intent) => {
    expect(intentOf(label)).toBe(intent);
  });

  // One place for the words: a label or message copied into an engine as a literal would drift
  // from the one the other engine and the intent patterns use.
  it('is written out only in vocabulary.ts', () => {
    const words = [...LABELS.map(([label]) => label), COACH_UNAVAILABLE_MESSAGE, FALLBACK_NOTICE];
    const copies = sourceFiles(coachDir)
      .filter((file) => path.basename(file) !== 'vocabulary.ts')
      .flatMap((file) => {
        // Comments may name a choice ("I have a different problem": …); code may not spell it.
        const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
        return words.filter((w) => [`'${w}'`, `"${w}"`, `\`${w}\``].some((quoted) => text.includes(quoted))).map((w) => `${path.relative(coachDir, file)}: ${w}`);
      });
    expect(copies).toEqual([]);
  });
});
