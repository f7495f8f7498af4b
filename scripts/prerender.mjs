// Writes dist/client/.vite/chat-welcome.html: the chat's first-visit welcome as HTML, rendered by
// React from the same components as the app's dialog (src/client/features/chat/prerender). The
// server puts it in /chat's page for a signed-in rep who has not closed it yet, so it paints with
// the page's styles instead of after the app's scripts (ADR 0009). Run after `vite build`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const dir = process.argv[2] ?? 'dist/client';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'salescoach-prerender-'));
try {
  const entry = path.join(tmp, 'static-welcome.mjs');
  await build({
    entryPoints: ['src/client/features/chat/prerender/static-welcome.tsx'],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    // React, its server renderer and the icons resolve from node_modules, as in the app.
    packages: 'external',
    logLevel: 'warning',
    absWorkingDir: process.cwd(),
  });
  // Resolved from the project's node_modules: the bundle sits in a temporary directory.
  fs.symlinkSync(path.resolve('node_modules'), path.join(tmp, 'node_modules'), 'dir');
  const { renderStaticWelcome, STATIC_WELCOME_FILE } = await import(pathToFileURL(entry).href);
  const html = renderStaticWelcome();
  fs.writeFileSync(path.join(dir, STATIC_WELCOME_FILE), `${html}\n`);
  console.log(`prerender: ${STATIC_WELCOME_FILE} (${html.length} bytes)`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
