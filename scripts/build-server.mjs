// Bundles the server and the admin command into dist/server and copies the SQL migrations
// beside them. Dependencies stay in node_modules (packages: 'external').
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', admin: 'src/server/cli/admin.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
// Data files the bundled modules read beside themselves (new URL('./…', import.meta.url)).
cpSync('src/server/modules/knowledge/starter-playbook.md', 'dist/server/starter-playbook.md');
cpSync('src/server/modules/coach/playbook/training-corpus.json', 'dist/server/training-corpus.json');
cpSync('content/practice/lessons', 'dist/server/lessons', { recursive: true });
cpSync('content/practice/behaviours.md', 'dist/server/behaviours.md');
