import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite names everything under assets/ by its content hash, so a file there never changes. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const isAssetPath = (url: string) => url.startsWith('/assets/');

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
  if (hasClient && clientDir) {
    app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found.' });
  });
}
