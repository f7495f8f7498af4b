import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite names everything under assets/ by its content hash, so a file there never changes. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const isAssetPath = (url: string) => url.startsWith('/assets/');

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Pages only a signed-in rep sees: they show nothing until the app has read who is signed in, so
 * that read starts with the page, alongside its scripts, instead of after they have run (one round
 * trip less before the page shows: on a slow phone network, about 0.6 s of /chat's largest paint).
 * The app's own read (credentials included, like `use-credentials`) then takes the preloaded answer.
 */
const SIGNED_IN_PAGES = new Set(['/chat', '/account', '/home']);
const SESSION_PRELOAD = '    <link rel="preload" as="fetch" href="/api/auth/session" crossorigin="use-credentials">\n';

/**
 * index.html for each page that has preloads (dist/client/.vite/page-preloads.json, written by
 * scripts/page-preloads.mjs): the same file with that page's chunks as modulepreload links, so
 * the browser fetches them together with the first chunk. Built once at start-up.
 */
function pageShells(clientDir: string, indexHtml: string): Map<string, string> {
  const file = path.join(clientDir, '.vite', 'page-preloads.json');
  const shells = new Map<string, string>();
  if (!fs.existsSync(file) || !indexHtml.includes('</head>')) return shells;
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
  for (const [page, files] of Object.entries(preloads)) {
    if (!files.length) continue;
    const links = files.map((href) => `    <link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">\n`).join('');
    shells.set(page, indexHtml.replace('</head>', `${links}${SIGNED_IN_PAGES.has(page) ? SESSION_PRELOAD : ''}  </head>`));
  }
  return shells;
}

/**
 * Serves the built React app, with index.html for every client route (the SPA decides what to
 * show, including its 404 page).
 *
 * Files are served precompressed: the build writes a `.br` and a `.gz` beside each text file
 * (scripts/precompress.mjs), and @fastify/static picks the one the browser accepts, adding
 * `Vary: accept-encoding`. Compressing once at the highest level beats compressing on every request.
 */
export function registerClientFiles(app: FastifyInstance, clientDir: string | undefined): void {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const hasClient = indexFile !== undefined && fs.existsSync(indexFile);
  const shells = hasClient && clientDir ? pageShells(clientDir, fs.readFileSync(indexFile, 'utf8')) : new Map<string, string>();
  if (hasClient && clientDir) {
    app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // .vite/ holds the build's manifest and preload list, for the build and this plugin only. The
      // start-up file list already skips dot folders; this keeps it so should `wildcard` ever be turned on.
      dotfiles: 'ignore',
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', IMMUTABLE_CACHE);
        // index.html, sw.js, the manifest and icons keep their names across releases: always revalidate.
        else reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing file under /assets/ (a chunk of an older release, a source map, which the build
    // keeps out of dist/client) is a 404: answering index.html would hand a script tag HTML.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api') && !isAssetPath(request.url);
    if (hasClient && isPage) {
      reply.header('cache-control', 'no-cache');
      // Sent as it is: a page's shell is about 2 KB, where compressing saves less than a packet.
      const shell = shells.get(request.url.split('?')[0] ?? '');
      if (shell) return reply.type('text/html; charset=utf-8').send(shell);
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found.' });
  });
}
