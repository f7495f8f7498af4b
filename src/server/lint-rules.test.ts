/**
 * The rules of .oxlintrc.json catch what they are meant to: each case is a tiny tree of
 * scratch files, in the layout of src/, linted with the project's own config. The layer boundaries
 * are checked on resolved paths by boundaries.test.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const oxlint = path.resolve('node_modules/.bin/oxlint');
const config = path.resolve('.oxlintrc.json');

function lint(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-rules-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    // Override globs are relative to the config file, so the config sits at the scratch root.
    fs.copyFileSync(config, path.join(root, '.oxlintrc.json'));
    const run = spawnSync(oxlint, ['--deny-warnings', 'src'], { cwd: root, encoding: 'utf8' });
    return `${run.stdout}${run.stderr}`;
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const errorsIn = (output: string) => Number(/Found \d+ warnings? and (\d+) errors?/.exec(output)?.[1] ?? NaN);

describe('.oxlintrc.json rules', () => {
  it('passes a tree that keeps them', () => {
    const out = lint({
      'src/shared/a.ts': 'export const a = 1;\n',
      'src/client/lib/api/config.ts': "import { a } from '../../../shared/a.js';\nexport const config = a;\n",
      'src/client/features/chat/pages/chat-page.tsx': "import { config } from '../../../lib/api/config';\nimport { ask } from '../api/ask';\nexport const page = config + ask;\n",
      'src/client/features/chat/api/ask.ts': 'export const ask = 1;\n',
      'src/server/modules/billing/service.ts': "export { allowed } from './entitlements.js';\n",
      'src/server/modules/billing/entitlements.ts': 'export const allowed = true;\n',
      'src/server/modules/chat/service.ts': "import { allowed } from '../billing/service.js';\nexport const ok = allowed;\n",
    });
    expect(errorsIn(out), out).toBe(0);
  });

  it.each([
    ['an import cycle', 'import(no-cycle)', { 'src/server/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n", 'src/server/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n" }],
    // A test whose only expect sits under an if passes silently when the if is false.
    ['a conditional expect', 'vitest(no-conditional-expect)', { 'src/server/a.test.ts': "import { expect, it } from 'vitest';\nconst found: string | undefined = process.env.X;\nit('finds it', () => {\n  expect(1).toBe(1);\n  if (found) expect(found).toBe('x');\n});\n" }],
    ['a test with no assertion', 'vitest(expect-expect)', { 'src/server/a.test.ts': "import { it } from 'vitest';\nit('does nothing', () => {\n  void 0;\n});\n" }],
    ['a hook dependency left out', 'react-hooks(exhaustive-deps)', { 'src/client/a.tsx': "import { useEffect, useState } from 'react';\nexport function A({ id }: { id: string }) {\n  const [n] = useState(0);\n  useEffect(() => {\n    document.title = `${id} ${n}`;\n  }, [id]);\n  return null;\n}\n" }],
    ['a setState in an effect', 'react(set-state-in-effect)', { 'src/client/a.tsx': "import { useEffect, useState } from 'react';\nexport function A({ id }: { id: string }) {\n  const [seen, setSeen] = useState('');\n  useEffect(() => {\n    setSeen(id);\n  }, [id]);\n  return seen;\n}\n" }],
  ])('fails on %s, by %s', (_what, rule, files) => {
    const out = lint(files);
    expect(errorsIn(out), out).toBeGreaterThan(0);
    expect(out).toContain(rule);
  });
});
