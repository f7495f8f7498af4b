import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { APP_SHELL_PAGES, appShellHtml } from '#shared/app-shell.js';
import { CHAT_WELCOME_SEEN_COOKIE, PRODUCT_NAME_SLOT, STATIC_WELCOME_FILE } from '#shared/chat-welcome.js';
import type { AppDeps } from '../deps.js';
import { userForToken } from '../modules/auth/service.js';
import { presentedToken } from './session.js';

/** Vite names everything under assets/ by its content hash, so a file there never changes. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const isAssetPath = (url: string) => url.startsWith('/assets/');

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Pages only a signed-in rep sees: they show nothing until the app has read who is signed in, so
 * that read starts with the page, alongside its scripts, instead of after they have run (one round
 * trip less before the page shows: on a slow phone network, about 0.6 s of /chat's largest paint).
 * The app's own read (credentials included, like `use-credentials`) then takes the preloaded answer.
 */
const SIGNED_IN_PAGES = new Set(['/chat', '/account', '/home']);
const SESSION_PRELOAD = '    <link rel="preload" as="fetch" href="/api/auth/session" crossorigin="use-credentials">\n';

/** A page's HTML: index.html with what the server adds for that page. */
interface PageShell {
  html: string;
  /** The same page for a browser that sent a session: its painted shell says the coach is loading. */
  signedIn?: string;
  /** The same page opening on the chat's welcome (`/chat` only; see `withWelcome`). */
  withWelcome?: string;
}

const EMPTY_ROOT = '<div id="root"></div>';

/** index.html with the app's shell painted inside its root (src/shared/app-shell.ts), for a signed-in page. */
const withAppShell = (html: string, shell: { title: string; back: string | null }, signedIn: boolean) =>
  html.replace(EMPTY_ROOT, `<div id="root">${appShellHtml(shell.title, signedIn, shell.back)}</div>`);

/**
 * A page's chunks, asked for with the page but at low priority: they can only run once the first
 * chunk has, so sharing the link with it equally only made everything wait longer for the first
 * paint (Lighthouse, a returning rep's /chat: first paint 2.1 -> 1.6 s, largest paint unchanged;
 * ADR 0009). Behind the styles and the first chunk, they still arrive without a round trip of
 * their own.
 */
const modulepreloads = (files: string[]) =>
  files.map((href) => `    <link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeHtml(href)}">\n`).join('');

/**
 * index.html for each page that has preloads (dist/client/.vite/page-preloads.json, written by
 * scripts/page-preloads.mjs): the same file with that page's chunks as modulepreload links, so
 * the browser fetches them right behind the first chunk. Built once at start-up.
 *
 * /chat also gets a copy that opens on the welcome a rep sees on a first visit, when the build
 * prerendered it (scripts/prerender.mjs): the dialog is in the HTML, outside the app's root, so it
 * shows as soon as the styles have arrived, about two seconds before the app could draw it on a
 * slow phone (ADR 0009).
 */
function pageShells(clientDir: string, indexHtml: string, productName: string): Map<string, PageShell> {
  const file = path.join(clientDir, '.vite', 'page-preloads.json');
  const shells = new Map<string, PageShell>();
  if (!indexHtml.includes('</head>')) return shells;
  const preloads = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
  const welcomeFile = path.join(clientDir, STATIC_WELCOME_FILE);
  const welcome = fs.existsSync(welcomeFile) ? fs.readFileSync(welcomeFile, 'utf8').trim().replaceAll(PRODUCT_NAME_SLOT, escapeHtml(productName)) : null;
  for (const page of new Set([...Object.keys(preloads), ...Object.keys(APP_SHELL_PAGES)])) {
    const files = preloads[page] ?? [];
    const painted = APP_SHELL_PAGES[page];
    if (!files.length && painted === undefined) continue;
    const session = SIGNED_IN_PAGES.has(page) ? SESSION_PRELOAD : '';
    const html = indexHtml.replace('</head>', `${modulepreloads(files)}${session}  </head>`);
    const shell: PageShell = { html };
    if (painted !== undefined && html.includes(EMPTY_ROOT)) {
      shell.html = withAppShell(html, painted, false);
      shell.signedIn = withAppShell(html, painted, true);
    }
    // The welcome is only sent to a signed-in rep, over the shell that says so.
    if (page === '/chat' && welcome && indexHtml.includes('</body>')) shell.withWelcome = (shell.signedIn ?? html).replace('</body>', `    ${welcome}\n  </body>`);
    shells.set(page, shell);
  }
  return shells;
}

/**
 * Whether /chat should open on the welcome: the browser has not closed it yet (its cookie, set by
 * the app), and a live session signs someone in, so the chat is what the app will show. A visitor
 * the app sends to sign in, or a session that has ended, get the page without it.
 */
async function opensOnWelcome(request: FastifyRequest, deps: AppDeps): Promise<boolean> {
  if (request.cookies[CHAT_WELCOME_SEEN_COOKIE] !== undefined) return false;
  const token = presentedToken(request, deps);
  if (!token || token.length > 100) return false;
  try {
    const found = await userForToken(deps.db, token, deps.now());
    return Boolean(found?.user);
  } catch (err) {
    // The welcome is a nicety: a failed lookup must not cost the rep the page, which then reads
    // the session itself and says what it can.
    request.log.warn({ err }, 'the session lookup for /chat\'s welcome failed; sending the page without it');
    return false;
  }
}

/**
 * Serves the built React app, with index.html for every client route (the SPA decides what to
 * show, including its 404 page).
 *
 * Files are served precompressed: the build writes a `.br` and a `.gz` beside each text file
 * (scripts/precompress.mjs), and @fastify/static picks the one the browser accepts, adding
 * `Vary: accept-encoding`. Compressing once at the highest level beats compressing on every request.
 */
export function registerClientFiles(app: FastifyInstance, deps: AppDeps): void {
  const { clientDir } = deps;
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const hasClient = indexFile !== undefined && fs.existsSync(indexFile);
  const shells = hasClient && clientDir ? pageShells(clientDir, fs.readFileSync(indexFile, 'utf8'), deps.env.PRODUCT_NAME) : new Map<string, PageShell>();
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
  app.setNotFoundHandler(async (request, reply) => {
    // A missing file under /assets/ (a chunk of an older release, a source map, which the build
    // keeps out of dist/client) is a 404: answering index.html would hand a script tag HTML.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api') && !isAssetPath(request.url);
    if (hasClient && isPage) {
      reply.header('cache-control', 'no-cache');
      // Sent as it is: a page's shell is about 2 KB, where compressing saves less than a packet.
      const shell = shells.get(request.url.split('?')[0] ?? '');
      // A signed-in page's HTML depends on the cookies sent with it (the welcome; what the shell says).
      if (shell?.withWelcome || shell?.signedIn) reply.header('vary', 'cookie');
      if (shell?.withWelcome && (await opensOnWelcome(request, deps))) {
        // Made for this browser and this session: no shared cache may keep it, nor may the app's
        // service worker keep it as its offline page (public/sw.js skips private pages).
        reply.header('cache-control', 'private, no-cache');
        return reply.type('text/html; charset=utf-8').send(shell.withWelcome);
      }
      // A session cookie, checked or not: the shell only says the coach is loading; should the
      // session have ended, the app sends the visitor to sign in as it would anyway.
      if (shell?.signedIn && presentedToken(request, deps)) return reply.type('text/html; charset=utf-8').send(shell.signedIn);
      if (shell) return reply.type('text/html; charset=utf-8').send(shell.html);
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found.' });
  });
}
