// Vite writes the client's source maps beside the scripts (build.sourcemap: 'hidden', so no
// script names its map). This moves them out of dist/client, which the server publishes, into
// dist/sourcemaps: kept for reading a stack trace, never served. Run after `vite build`.
import fs from 'node:fs';
import path from 'node:path';

const from = 'dist/client';
const to = 'dist/sourcemaps';
fs.rmSync(to, { recursive: true, force: true });
let moved = 0;
for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
  const source = path.join(entry.parentPath, entry.name);
  const target = path.join(to, path.relative(from, source));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.renameSync(source, target);
  moved += 1;
}
console.log(`source maps: ${moved} moved from ${from} to ${to}`);
