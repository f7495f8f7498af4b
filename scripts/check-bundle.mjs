// `node scripts/check-bundle.mjs [dist/client]`, after `npm run build` (part of `npm run test:e2e`).
// Works out, from the built index.html and Vite's manifest, the JavaScript a first visit to each
// page downloads before the page can show, prints it gzipped (what the budget counts) and
// brotli-compressed (what browsers are sent), and exits 1 when a page is over its budget or
// when the build publishes source maps.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KB = 1000;

/**
 * Issue #13's budget: 100 KB of gzipped JavaScript before the page shows. `/` paints from the
 * first chunk alone, and so do `/auth` and `/signup`: the auth card is in the first chunk and
 * its validation (zod and react-hook-form, about 40 KB gzipped) loads after it has painted
 * (docs/decisions/0009-loading-fast.md). Should the auth page become a chunk of its own again,
 * its chunk and what that imports count too (preloaded from its index.html,
 * scripts/page-preloads.mjs); should the validation join the card, the budget fails.
 */
const AUTH_PAGE = 'features/auth/pages/auth-page.tsx';
const PAGES = [
  { path: '/', pageModule: null, budget: 100 * KB },
  { path: '/auth', pageModule: AUTH_PAGE, budget: 100 * KB },
  { path: '/signup', pageModule: AUTH_PAGE, budget: 100 * KB },
];

const dir = process.argv[2] ?? 'dist/client';
const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8'));
const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
const problems = [];

/** Compressed sizes of one built file: the build's own .gz/.br copies when there are any. */
function sizes(file) {
  const full = path.join(dir, file);
  const data = fs.readFileSync(full);
  const sizeOf = (ext, compress) => (fs.existsSync(full + ext) ? fs.statSync(full + ext).size : compress(data).length);
  return {
    raw: data.length,
    gz: sizeOf('.gz', (d) => zlib.gzipSync(d, { level: 9 })),
    br: sizeOf('.br', (d) => zlib.brotliCompressSync(d)),
  };
}

/** A manifest chunk's file and every chunk it imports statically, transitively. */
function staticClosure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

// What index.html makes the browser fetch before anything runs: the entry script and the
// modulepreloads. It must be the entry's static closure; anything else means this check is stale.
const fromHtml = new Set([...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The Vite manifest has no entry');
const entryFiles = staticClosure(entryKey);
const same = fromHtml.size === entryFiles.size && [...fromHtml].every((f) => entryFiles.has(f));
if (!same) problems.push(`index.html loads ${[...fromHtml].join(', ')} but the entry's static imports are ${[...entryFiles].join(', ')}`);

const kb = (bytes) => `${(bytes / KB).toFixed(2)} KB`;
const total = (files) => [...files].map(sizes).reduce((sum, s) => ({ raw: sum.raw + s.raw, gz: sum.gz + s.gz, br: sum.br + s.br }), { raw: 0, gz: 0, br: 0 });

console.log('JavaScript before first paint (gzip is what the budget counts; browsers get brotli):');
for (const page of PAGES) {
  const files = new Set(entryFiles);
  if (page.pageModule) {
    // A lazy page is its own chunk; were it in the entry, the entry's figures alone would count.
    if (manifest[page.pageModule]) staticClosure(page.pageModule, files);
  }
  const sum = total(files);
  const over = sum.gz > page.budget;
  console.log(`  ${page.path.padEnd(7)} ${kb(sum.gz).padStart(9)} gzip  ${kb(sum.br).padStart(9)} brotli  ${kb(sum.raw).padStart(9)} raw  budget ${kb(page.budget)}  ${over ? 'OVER' : 'ok'}  (${files.size} files)`);
  if (over) problems.push(`${page.path}: ${kb(sum.gz)} of gzipped JavaScript before first paint, over its ${kb(page.budget)} budget`);
}

// For the record: every other page's own chunk, on top of the first chunk.
const lazyPages = Object.entries(manifest).filter(([, chunk]) => chunk.isDynamicEntry);
console.log(`Loaded on demand (own chunks and what they add beyond the first chunk, gzip):`);
for (const [key] of lazyPages.sort(([a], [b]) => a.localeCompare(b))) {
  const extra = [...staticClosure(key)].filter((f) => !entryFiles.has(f));
  console.log(`  ${key.padEnd(52)} ${kb(total(extra).gz).padStart(9)}`);
}

// Source maps stay out of the published folder (scripts/move-source-maps.mjs), and no script names one.
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const file = path.join(entry.parentPath, entry.name);
  if (entry.name.endsWith('.map')) problems.push(`${path.relative(dir, file)}: a source map in the published folder`);
  else if (entry.name.endsWith('.js') && fs.readFileSync(file, 'utf8').includes('//# sourceMappingURL=')) problems.push(`${path.relative(dir, file)} names a source map`);
}

if (problems.length) {
  console.error(`\ncheck-bundle failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('check-bundle: within budget, no public source maps.');
