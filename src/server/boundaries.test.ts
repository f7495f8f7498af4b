/**
 * The layer rules of src/ hold on the files imports resolve to (scripts/boundaries.ts): the real
 * tree keeps them, and each planted tree below, written in the layout of src/, breaks one. The
 * first six passed the path-text rules .oxlintrc.json had before (measured with that config).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALIASES, checkBoundaries, readSources } from '../../scripts/boundaries.js';

const tree = (files: Record<string, string>) => new Map(Object.entries(files));
const brokenIn = (files: Record<string, string>) => checkBoundaries(tree(files)).map((v) => `${v.file} → ${v.target}`);

describe('import boundaries on resolved paths', () => {
  it('holds in the real tree', () => {
    const root = path.resolve('.');
    const found = checkBoundaries(readSources(root), (file) => fs.existsSync(path.join(root, file)));
    expect(found.map((v) => `${v.file}:${v.line} ${v.specifier}: ${v.rule}`)).toEqual([]);
  });

  it('knows every subpath import of package.json', () => {
    const { imports } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { imports?: Record<string, string> };
    for (const [key, target] of Object.entries(imports ?? {})) {
      const alias = ALIASES.find(([prefix, dir]) => key.startsWith(prefix) && target.startsWith(`./${dir}`));
      expect(alias, `${key} → ${target}`).toBeDefined();
    }
  });

  it('passes a planted tree that keeps them', () => {
    expect(
      brokenIn({
        'src/shared/a.ts': 'export const a = 1;\n',
        'src/client/lib/api/config.ts': "import { a } from '../../../shared/a.js';\nimport { b } from '#shared/a.js';\nexport const config = a + b;\n",
        'src/client/features/chat/pages/chat-page.tsx': "import { config } from '../../../lib/api/config';\nimport { ask } from '../api/ask';\nexport const page = config + ask;\n",
        'src/client/features/chat/api/ask.ts': "import { a } from '../../../../shared/a.js';\nimport { b } from '#shared/a';\nexport const ask = a + b;\n",
        'src/client/app/routes.tsx': "export const chat = () => import('../features/chat/pages/chat-page');\n",
        'src/server/modules/billing/service.ts': "export { allowed } from './entitlements.js';\n",
        'src/server/modules/billing/entitlements.ts': 'export const allowed = true;\n',
        'src/server/modules/billing/routes.ts': "export { sandboxRoutes } from './sandbox-routes.js';\n",
        'src/server/modules/billing/sandbox-routes.ts': "import { allowed } from './entitlements.js';\nexport const sandboxRoutes = allowed;\n",
        'src/server/modules/chat/service.ts': "import { allowed } from '../billing/service.js';\nexport const ok = allowed;\n",
        'src/server/app.ts': "import { sandboxRoutes } from './modules/billing/routes.js';\nimport { allowed } from './modules/billing/service.js';\nexport const app = [sandboxRoutes, allowed];\n",
      }),
    ).toEqual([]);
  });

  it.each([
    ['a client feature reaching another feature from the client root', { 'src/client/features/chat/pages/chat-page.tsx': "import { x } from '../../../features/account/api/get-x';\nexport const y = x;\n", 'src/client/features/account/api/get-x.ts': 'export const x = 1;\n' }, 'src/client/features/account/api/get-x.ts'],
    ['a module reaching another module’s internals from the server root', { 'src/server/modules/chat/service.ts': "import { allowed } from '../../modules/billing/entitlements.js';\nexport const ok = allowed;\n", 'src/server/modules/billing/entitlements.ts': 'export const allowed = true;\n' }, 'src/server/modules/billing/entitlements.ts'],
    ['app.ts importing a module internal through ./modules', { 'src/server/app.ts': "import { selectPaymentProvider } from './modules/billing/select-provider.js';\nexport const s = selectPaymentProvider;\n", 'src/server/modules/billing/select-provider.ts': 'export const selectPaymentProvider = 1;\n' }, 'src/server/modules/billing/select-provider.ts'],
    ['deps.ts importing a provider through ./modules', { 'src/server/deps.ts': "import type { SandboxProvider } from './modules/billing/providers/sandbox.js';\nexport type S = SandboxProvider;\n", 'src/server/modules/billing/providers/sandbox.ts': 'export type SandboxProvider = 1;\n' }, 'src/server/modules/billing/providers/sandbox.ts'],
    ['the client importing the server’s folder index', { 'src/client/lib/x.ts': "import { a } from '../../server';\nexport const y = a;\n", 'src/server/index.ts': 'export const a = 1;\n' }, 'src/server/index.ts'],
    ['shared importing the client’s folder index', { 'src/shared/a.ts': "import { a } from '../client';\nexport const y = a;\n", 'src/client/index.ts': 'export const a = 1;\n' }, 'src/client/index.ts'],
    ['the client reaching the server by a deep relative path', { 'src/client/features/chat/api/ask.ts': "export { db } from '../../../../server/db/client.js';\n", 'src/server/db/client.ts': 'export const db = 1;\n' }, 'src/server/db/client.ts'],
    ['shared importing the client', { 'src/shared/schemas/a.ts': "import { x } from './../../client/lib/x';\nexport const a = x;\n", 'src/client/lib/x.ts': 'export const x = 1;\n' }, 'src/client/lib/x.ts'],
    ['shared importing the server through #shared', { 'src/shared/a.ts': "import { db } from '#shared/../server/db/client.js';\nexport const a = db;\n", 'src/server/db/client.ts': 'export const db = 1;\n' }, 'src/server/db/client.ts'],
    // The cases .oxlintrc.json's path rules covered before this check replaced them.
    ['a client feature importing another feature', { 'src/client/features/chat/pages/chat-page.tsx': "import { x } from '../../account/api/get-x';\nexport const y = x;\n", 'src/client/features/account/api/get-x.ts': 'export const x = 1;\n' }, 'src/client/features/account/api/get-x.ts'],
    ['a client feature importing the app shell', { 'src/client/features/chat/pages/chat-page.tsx': "import { t } from '../../../app/layout/toaster';\nexport const y = t;\n", 'src/client/app/layout/toaster.ts': 'export const t = 1;\n' }, 'src/client/app/layout/toaster.ts'],
    ['client/lib importing a feature', { 'src/client/lib/x.ts': "import { x } from '../features/chat/api/ask';\nexport const y = x;\n", 'src/client/features/chat/api/ask.ts': 'export const x = 1;\n' }, 'src/client/features/chat/api/ask.ts'],
    ['client/components lazily importing the app shell', { 'src/client/components/x.tsx': "export const y = () => import('../app/layout/toaster');\n", 'src/client/app/layout/toaster.ts': 'export const t = 1;\n' }, 'src/client/app/layout/toaster.ts'],
    ['shared importing the server', { 'src/shared/a.ts': "import { db } from '../server/db/client.js';\nexport const a = db;\n", 'src/server/db/client.ts': 'export const db = 1;\n' }, 'src/server/db/client.ts'],
    ['the server importing the client', { 'src/server/plugins/x.ts': "import { x } from '../../client/lib/x';\nexport const y = x;\n", 'src/client/lib/x.ts': 'export const x = 1;\n' }, 'src/client/lib/x.ts'],
    ['a nested module file reaching past another module’s service', { 'src/server/modules/coach/playbook/x.ts': "import { c } from '../../knowledge/chunking.js';\nexport const y = c;\n", 'src/server/modules/knowledge/chunking.ts': 'export const c = 1;\n' }, 'src/server/modules/knowledge/chunking.ts'],
    ['a plugin reaching past a module’s service', { 'src/server/plugins/x.ts': "import { s } from '../modules/auth/sessions.js';\nexport const y = s;\n", 'src/server/modules/auth/sessions.ts': 'export const s = 1;\n' }, 'src/server/modules/auth/sessions.ts'],
    ['a module importing another module’s routes.ts', { 'src/server/modules/chat/service.ts': "import { r } from '../billing/routes.js';\nexport const y = r;\n", 'src/server/modules/billing/routes.ts': 'export const r = 1;\n' }, 'src/server/modules/billing/routes.ts'],
  ])('fails on %s', (_what, files, target) => {
    expect(brokenIn(files)).toEqual([`${Object.keys(files)[0]} → ${target}`]);
  });
});
