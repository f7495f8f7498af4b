// Writes dist/client/.vite/page-preloads.json: for the pages people open directly (a link, a
// bookmark, the sign-in redirect), the chunks that page needs beyond the first chunk. The server
// adds them to that page's index.html as <link rel="modulepreload">, so the browser fetches them
// alongside the first chunk instead of after it has run (one round trip and the first chunk's
// start-up less before the page shows). Run after `vite build`.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Path → the page module(s) the route table (src/client/app/routes.tsx) loads lazily for it. /auth
 * and /signup have none: the auth card comes with the first chunk, and its validation is left
 * to load after the card has painted, not preloaded to compete with the first chunk.
 */
export const DIRECT_PAGES = {
  '/home': ['features/home/pages/landing-page.tsx'],
  // The chat's data prefetch is a chunk of its own (kept out of the first chunk's budget).
  '/chat': ['features/chat/pages/chat-page.tsx', 'features/chat/api/prefetch-chat.ts'],
  '/account': ['features/account/pages/account-page.tsx'],
};

const dir = process.argv[2] ?? 'dist/client';
const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8'));

function staticClosure(key, into = new Set()) {
  const chunk = manifest[key];
  // A renamed or no longer lazy page must not silently lose its preload: stop the build.
  if (!chunk) throw new Error(`page-preloads: ${key} is not a chunk of the build; update DIRECT_PAGES`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const first = staticClosure(entryKey);
const preloads = Object.fromEntries(
  Object.entries(DIRECT_PAGES).map(([page, modules]) => {
    const files = new Set();
    for (const module of modules) staticClosure(module, files);
    return [page, [...files].filter((file) => !first.has(file)).map((file) => `/${file}`)];
  }),
);
fs.writeFileSync(path.join(dir, '.vite', 'page-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
console.log(`page preloads: ${Object.entries(preloads).map(([page, files]) => `${page} ${files.length}`).join(', ')}`);
