// SalesCoach service worker: makes the app installable and lets it open offline.
// It never touches API calls or non-GET requests; pages are network-first with the
// cached shell as an offline fallback; Vite's fingerprinted /assets/ files are cache-first.
// Bump VERSION to drop every older cache on the next activation.
const VERSION = 'v1';
const CACHE = `salescoach-${VERSION}`;
const SHELL = ['/', '/manifest.webmanifest', '/icons/icon-192.png'];

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

/** Pages: always fresh from the server; the cached shell only when offline. */
async function networkFirstPage(request) {
  try {
    const response = await fetch(request);
    // Every client route is served the same index.html, so any HTML page refreshes the shell; not
    // a private one (/chat opening on a first visit's welcome), which is not the same for everyone.
    if (keepable(response)) {
      const copy = response.clone();
      // Kept under its own path too: a signed-in page's HTML paints the app's shell (issue #25),
      // which an offline reload of that page should show, and the welcome page's should not.
      const path = new URL(request.url).pathname;
      caches
        .open(CACHE)
        .then((cache) => Promise.all([cache.put('/', copy.clone()), path === '/' ? null : cache.put(path, copy)]))
        .catch(() => {});
    }
    return response;
  } catch (error) {
    const page = (await caches.match(new URL(request.url).pathname, { cacheName: CACHE })) || (await caches.match('/', { cacheName: CACHE }));
    if (page) return page;
    throw error;
  }
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
