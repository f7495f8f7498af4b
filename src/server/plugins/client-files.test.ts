import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.mjs';
import { CHAT_WELCOME_SEEN_COOKIE, PRODUCT_NAME_SLOT, STATIC_WELCOME_FILE } from '#shared/chat-welcome.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makeUser } from '../test/factories.js';
import { IMMUTABLE_CACHE } from './client-files.js';

/** A built client in miniature, compressed by the build's own step (scripts/precompress.mjs). */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salescoach-client-'));
const script = `export const words = ${JSON.stringify('coach '.repeat(2000))};\n`;
const html = `<!doctype html><html lang="en"><head><title>SalesCoach</title>${'<meta name="x" content="padding">'.repeat(60)}</head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`;
fs.mkdirSync(path.join(clientDir, 'assets'));
fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), script);
fs.writeFileSync(path.join(clientDir, 'index.html'), html);
// What scripts/page-preloads.mjs writes: the chunks /auth needs beyond the first one.
fs.mkdirSync(path.join(clientDir, '.vite'));
fs.writeFileSync(
  path.join(clientDir, '.vite', 'page-preloads.json'),
  JSON.stringify({ '/auth': ['/assets/auth-page-def456.js', '/assets/schemas-789.js'], '/home': [], '/account': ['/assets/account-page-1a2.js'], '/chat': ['/assets/chat-page-3b4.js'] }),
);
// What scripts/prerender.mjs writes: the chat's welcome, with a slot for the product's name.
const WELCOME = `<dialog id="static-welcome" open=""><h2>Welcome to ${PRODUCT_NAME_SLOT}</h2></dialog>`;
fs.writeFileSync(path.join(clientDir, STATIC_WELCOME_FILE), `${WELCOME}\n`);

let t: TestApp;
beforeAll(async () => {
  const written = precompressDir(clientDir);
  expect(written.map((f) => f.file).sort()).toEqual([path.join('assets', 'index-abc123.js'), 'index.html']);
  t = await buildTestApp({ PRODUCT_NAME: 'Acme <Sales> & "Co"' }, { clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const ALL = 'gzip, deflate, br';

describe('the built client files', () => {
  it('serves a script as its brotli copy, cached for good, varying on Accept-Encoding', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': ALL } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    // The build's copy, not one compressed on the fly (which would have no length).
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(clientDir, 'assets', 'index-abc123.js.br')).size);
  });

  it('serves the gzip copy to a browser without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);
    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('answers a client route with index.html, compressed and revalidated on every visit', async () => {
    // A public page: a signed-in page's HTML carries the app's shell (below), sent as it is.
    const res = await t.app.inject({ url: '/privacy-policy', headers: { 'accept-encoding': ALL } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(html);
  });

  it("gives a page with preloads its chunks as low-priority modulepreload links in index.html's head, and other pages index.html as built", async () => {
    const auth = await t.app.inject({ url: '/auth?next=%2Fchat', headers: { 'accept-encoding': ALL } });
    expect(auth.statusCode).toBe(200);
    expect(auth.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(auth.headers['cache-control']).toBe('no-cache');
    const head = auth.body.slice(0, auth.body.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/auth-page-def456.js">');
    expect(head).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/schemas-789.js">');
    expect(auth.body.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace(/\s*<\/head>/, '</head>')).toBe(html);
    for (const url of ['/', '/home', '/authx']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toBe(html);
    }
  });

  it("starts a signed-in page's session read with the page, and no one else's", async () => {
    const account = await t.app.inject({ url: '/account' });
    const head = account.body.slice(0, account.body.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/account-page-1a2.js">');
    expect(head).toContain('<link rel="preload" as="fetch" href="/api/auth/session" crossorigin="use-credentials">');
    const auth = await t.app.inject({ url: '/auth' });
    expect(auth.body).not.toContain('/api/auth/session');
  });

  it("does not publish the build's own files under .vite/", async () => {
    const res = await t.app.inject({ url: '/.vite/page-preloads.json' });
    expect(res.body).not.toContain('auth-page-def456');
    const welcome = await t.app.inject({ url: `/${STATIC_WELCOME_FILE}` });
    expect(welcome.body).not.toContain(PRODUCT_NAME_SLOT);
  });

  it('answers 404 for a source map or any missing asset, never index.html', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/assets/chat-page-old.js']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': ALL } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});

describe("a signed-in page's painted shell (issue #25)", () => {
  it('paints the header and says the coach is loading, inside the root the app replaces, when the browser sent a session', async () => {
    const rep = await makeUser(t.app);
    for (const [url, title] of [['/training', 'Sales Training'], ['/chat', 'AI Sales Coach']] as const) {
      const res = await t.app.inject({ url, headers: { cookie: `${rep.cookie}; ${CHAT_WELCOME_SEEN_COOKIE}=1` } });
      expect(res.body, url).toMatch(new RegExp(`<div id="root"><div class="flex min-h-screen flex-col"><header .*>${title}</p>.*<p role="status"[^>]*>Loading your coach…</p>`));
      expect(String(res.headers.vary), url).toMatch(/cookie/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('says only "Loading…" to a browser with no session, which the app sends to sign in', async () => {
    const res = await t.app.inject({ url: '/training' });
    expect(res.body).toMatch(/<p role="status" class="[^"]*">Loading…<\/p>/);
    expect(res.body).not.toContain('your coach');
  });

  it('paints nothing on a public page, whose content the app shows to anyone', async () => {
    for (const url of ['/', '/auth', '/home', '/privacy-policy']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });
});

describe("/chat opening on the welcome (ADR 0009)", () => {
  const SENT = '<dialog id="static-welcome" open=""><h2>Welcome to Acme &lt;Sales&gt; &amp; &quot;Co&quot;</h2></dialog>';
  const chat = (cookie?: string) => t.app.inject({ url: '/chat', headers: cookie ? { cookie } : {} });

  it('puts the welcome in the page for a signed-in rep whose browser has not closed it, private to them', async () => {
    const rep = await makeUser(t.app);
    const res = await chat(rep.cookie);
    expect(res.statusCode).toBe(200);
    // Outside the app's root, so it shows before the app runs; the product's name as text.
    expect(res.body).toContain('Loading your coach…</p></main></div></div>');
    expect(res.body).toContain(`${SENT}\n  </body>`);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/chat-page-3b4.js">');
    expect(head).toContain('<link rel="preload" as="fetch" href="/api/auth/session" crossorigin="use-credentials">');
  });

  it('leaves it out once the browser has closed it, and for anyone not signed in', async () => {
    const rep = await makeUser(t.app);
    const seen = await chat(`${rep.cookie}; ${CHAT_WELCOME_SEEN_COOKIE}=1`);
    // The page as every returning rep gets it.
    expect(seen.body).not.toContain('static-welcome');
    expect(seen.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/chat-page-3b4.js">');
    expect(seen.headers['cache-control']).toBe('no-cache');
    expect(String(seen.headers.vary)).toMatch(/cookie/i);
    for (const cookie of [undefined, 'sc_session=not-a-session', `sc_session=${'x'.repeat(200)}`]) {
      const res = await chat(cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).not.toContain('static-welcome');
    }
    // Only /chat: the app shows the welcome nowhere else.
    for (const url of ['/account', '/home', '/', '/auth']) {
      const res = await t.app.inject({ url, headers: { cookie: rep.cookie } });
      expect(res.body, url).not.toContain('static-welcome');
    }
  });

  it('leaves it out for a session that has ended: signed out, or idle past its window', async () => {
    const rep = await makeUser(t.app);
    expect((await chat(rep.cookie)).body).toContain('static-welcome');
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await chat(rep.cookie)).body).not.toContain('static-welcome');
    const other = await makeUser(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: other.cookie } });
    expect(out.statusCode).toBeLessThan(300);
    expect((await chat(other.cookie)).body).not.toContain('static-welcome');
  });

  it('sends the page without the welcome when the session cannot be looked up', async () => {
    const own = await buildTestApp({}, { clientDir });
    const rep = await makeUser(own.app);
    await own.pool.end();
    const res = await own.app.inject({ url: '/chat', headers: { cookie: rep.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Loading your coach…');
    expect(res.body).not.toContain('static-welcome');
    await own.app.close();
  });
});
