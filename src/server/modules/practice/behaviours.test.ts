import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.js';
import { defaultBehavioursFile, loadBehaviours, parseBehaviours } from './behaviours.js';

const source = fs.readFileSync(defaultBehavioursFile(), 'utf8');

describe('the behaviours catalogue', () => {
  it('reads all 16 behaviours with a line per motion, a drill and two check-in questions', () => {
    const all = loadBehaviours(defaultBehavioursFile());
    expect(all).toHaveLength(16);
    for (const b of all) {
      expect(Object.keys(b.lines).sort()).toEqual(['b2b', 'door', 'phone', 'showroom']);
      expect(b.drill.length).toBeGreaterThanOrEqual(3);
      expect(b.checkInQuestions).toHaveLength(2);
    }
    expect(all[12]).toMatchObject({ id: 'dated-next-step', tiedTo: { kind: 'outcome', result: 'stalled' } });
  });

  it.each([
    ['an unknown area', source.replace('area `closing · close`', 'area `closing · lunch`'), /ask-then-stay-quiet|trial-close-first/],
    ['a missing drill', source.replace('- **Daily drill (2 minutes):**\n  1. Pick one conversation from today.', '- **Drill:**\n  1. Pick one conversation from today.'), /same-day-recap.*Daily drill/s],
    ['a missing motion line', source.replace('  - B2B: "Does it make sense to start the pilot on the first?"\n', ''), /ask-then-stay-quiet[\s\S]*b2b/],
    ['a wrong count', source.replace('count: 16', 'count: 17'), /count: 17/],
  ])('refuses %s, saying where', (_label, text, message) => {
    expect(() => parseBehaviours(text)).toThrow(message);
  });

  it('stops the app at start-up with a clear message when the file is malformed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'behaviours-'));
    const file = path.join(dir, 'behaviours.md');
    fs.writeFileSync(file, source.replace('- **Why:** Many reps hint', '- **Reason:** Many reps hint'));
    await expect(buildTestApp({}, { behavioursFile: file })).rejects.toThrow(/Practice behaviours .*behaviours\.md is malformed: behaviour "## 11\. `ask-then-stay-quiet`": no "- \*\*Why:\*\*" bullet/);
  });
});
