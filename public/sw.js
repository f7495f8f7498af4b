// SalesCoach service worker: makes the app installable and lets it open offline.
// It never touches API calls or non-GET requests; pages are network-first with the
// cached copy as an offline fallback; Vite's fingerprinted /assets/ files are cache-first.
// Bump VERSION to drop every older cache on the next activation.
const VERSION = 'v2';
const CACHE = `salescoach-${VERSION}`;
const SHELL = ['/', '/manifest.webmanifest', '/icons/icon-192.png'];
// The signed-in pages whose HTML paints the app's shell with their own title (src/shared/app-shell.ts's
// APP_SHELL_PAGES; service-worker.test.ts keeps them equal): each keeps a copy of its own, so an
// offline reload paints the right header. Any other page's HTML is the same index.html, kept as '/'.
// A fixed list, so the cache holds at most these pages and '/', however many posts a rep opens.
const PAGE_COPIES = new Set(['/chat', '/training', '/community', '/referral', '/progress', '/practice', '/deck', '/account', '/admin', '/upgrade', '/checkout', '/checkout-basic', '/checkout-pro-promo', '/tutorial']);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL).then(() => cacheShellAssets(cache)).then(() => cachePage(cache, '/chat')))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('salescoach-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname === '/api') return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request));
  }
  // Anything else goes to the network as usual.
});

/**
 * The first page load happens before this worker controls the page, so the scripts and styles
 * the shell links to would not be cached yet: fetch them now (best effort) so the app opens offline.
 */
async function cacheShellAssets(cache) {
  try {
    const shell = await cache.match('/');
    if (!shell) return;
    const html = await shell.text();
    const urls = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
    await cache.addAll([...new Set(urls)]);
  } catch {
    // Offline support is a bonus; installing must not fail because of it.
  }
}

/** Pages: always fresh from the server; the cached copy only when offline. */
async function networkFirstPage(request) {
  try {
    const response = await fetch(request);
    // Not a private page (/chat opening on a first visit's welcome), which is not the same for everyone.
    if (keepable(response)) {
      const copy = response.clone();
      caches
        .open(CACHE)
        .then((cache) => cache.put(copyKey(request), copy))
        .catch(() => {});
    }
    return response;
  } catch (error) {
    // The page's own copy; else the plain index.html, which opens any page (the app draws it).
    const page = (await caches.match(copyKey(request), { cacheName: CACHE })) || (await caches.match('/', { cacheName: CACHE }));
    if (page) return page;
    throw error;
  }
}

/** Where a page's HTML is kept: under its path when it paints its own shell, else as '/'. */
function copyKey(request) {
  const path = new URL(request.url).pathname;
  return PAGE_COPIES.has(path) ? path : '/';
}

function keepable(response) {
  const type = response.headers.get('content-type') || '';
  const personal = (response.headers.get('cache-control') || '').includes('private');
  return response.ok && !response.redirected && type.includes('text/html') && !personal;
}

/** The chat's page as the server sends it to this browser, so an offline first reload of it paints its shell; best effort. */
async function cachePage(cache, path) {
  try {
    const response = await fetch(path, { credentials: 'same-origin' });
    if (keepable(response)) await cache.put(path, response);
  } catch {
    // Offline support is a bonus; installing must not fail because of it.
  }
}

/** Fingerprinted assets never change under the same name, so a cached copy is always right. */
async function cacheFirstAsset(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone()).catch(() => {});
  return response;
}
