import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { APP_SHELL_PAGES } from '#shared/app-shell';

const source = fs.readFileSync(path.resolve('public/sw.js'), 'utf8');

/**
 * public/sw.js run against stand-ins for the worker's globals: its fetch handler is what decides
 * which page becomes the offline copy. `network`: the server's answer, or an Error when offline;
 * `cached`: the cache's pages by key.
 */
function loadWorker(network: Response | Error, cached: Record<string, string> = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const put = vi.fn(async (_key: string, _page: Response) => undefined);
  const cache = { put, match: vi.fn(async () => undefined), addAll: vi.fn(async () => undefined) };
  const match = vi.fn(async (key: string) => (key in cached ? new Response(cached[key]) : undefined));
  const caches = { open: vi.fn(async () => cache), match, keys: vi.fn(async () => []), delete: vi.fn() };
  const self = { location: { origin: 'https://coach.example' }, addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn), skipWaiting: vi.fn(), clients: { claim: vi.fn() } };
  const fetch = vi.fn(async () => {
    if (network instanceof Error) throw network;
    return network.clone();
  });
  new Function('self', 'caches', 'fetch', source)(self, caches, fetch);
  /** Navigates to `url` through the worker; the page it answers with, once it has done with it. */
  async function navigate(url: string): Promise<string> {
    let answered: Promise<Response> | undefined;
    listeners.get('fetch')?.({ request: { method: 'GET', url, mode: 'navigate' }, respondWith: (p: Promise<Response>) => (answered = p) });
    const text = answered ? await (await answered).text() : '';
    await new Promise((resolve) => setTimeout(resolve, 0));
    return text;
  }
  return { navigate, put };
}

const page = (cacheControl: string) => new Response('<!doctype html><title>SalesCoach</title>', { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl } });
const offline = () => new TypeError('Failed to fetch');

describe('the service worker', () => {
  it('keeps a page that paints its own shell under its own path, for an offline reload of it', async () => {
    const sw = loadWorker(page('no-cache'));
    await sw.navigate('https://coach.example/account?tab=plan');
    expect(sw.put).toHaveBeenCalledTimes(1);
    expect(sw.put).toHaveBeenCalledWith('/account', expect.any(Response));
  });

  it("keeps any other page as '/' only: one copy for all of them, however many posts a rep opens", async () => {
    const sw = loadWorker(page('no-cache'));
    for (const url of ['/community/post/1', '/community/post/2', '/home', '/privacy-policy']) await sw.navigate(`https://coach.example${url}`);
    expect(sw.put.mock.calls.map(([key]) => key)).toEqual(['/', '/', '/', '/']);
  });

  it('keeps a copy of exactly the pages the server paints a shell for (src/shared/app-shell.ts)', () => {
    const list = /const PAGE_COPIES = new Set\((\[[^\]]*\])\)/.exec(source)?.[1] ?? '[]';
    expect(JSON.parse(list.replaceAll("'", '"'))).toEqual(Object.keys(APP_SHELL_PAGES));
  });

  it("never keeps a private page (/chat opening on one rep's welcome) as the copy everyone gets offline", async () => {
    const sw = loadWorker(page('private, no-cache'));
    await sw.navigate('https://coach.example/chat');
    expect(sw.put).not.toHaveBeenCalled();
  });

  it("offline, answers with the page's own copy first, then '/'", async () => {
    const cached = { '/account': 'account shell', '/': 'index' };
    expect(await loadWorker(offline(), cached).navigate('https://coach.example/account')).toBe('account shell');
    expect(await loadWorker(offline(), { '/': 'index' }).navigate('https://coach.example/account')).toBe('index');
    // A post's address is never a key of its own: it opens from '/'.
    expect(await loadWorker(offline(), cached).navigate('https://coach.example/community/post/3')).toBe('index');
  });
});
