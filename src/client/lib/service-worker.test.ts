import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/**
 * public/sw.js run against stand-ins for the worker's globals: its fetch handler is what decides
 * which page becomes the offline copy.
 */
function loadWorker(pageResponse: Response) {
  const listeners = new Map<string, (event: unknown) => void>();
  const put = vi.fn(async () => undefined);
  const cache = { put, match: vi.fn(async () => undefined), addAll: vi.fn(async () => undefined) };
  const caches = { open: vi.fn(async () => cache), match: vi.fn(async () => undefined), keys: vi.fn(async () => []), delete: vi.fn() };
  const self = { location: { origin: 'https://coach.example' }, addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn), skipWaiting: vi.fn(), clients: { claim: vi.fn() } };
  const source = fs.readFileSync(path.resolve('public/sw.js'), 'utf8');
  new Function('self', 'caches', 'fetch', source)(self, caches, vi.fn(async () => pageResponse));
  /** Navigates to `url` through the worker and waits until it has done with the answer. */
  async function navigate(url: string) {
    let answered: Promise<Response> | undefined;
    listeners.get('fetch')?.({ request: { method: 'GET', url, mode: 'navigate' }, respondWith: (p: Promise<Response>) => (answered = p) });
    await answered;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { navigate, put };
}

const page = (cacheControl: string) => new Response('<!doctype html><title>SalesCoach</title>', { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl } });

describe('the service worker', () => {
  it('keeps a page as its offline copy', async () => {
    const sw = loadWorker(page('no-cache'));
    await sw.navigate('https://coach.example/account');
    expect(sw.put).toHaveBeenCalledWith('/', expect.any(Response));
  });

  it("never keeps a private page (/chat opening on one rep's welcome) as the copy everyone gets offline", async () => {
    const sw = loadWorker(page('private, no-cache'));
    await sw.navigate('https://coach.example/chat');
    expect(sw.put).not.toHaveBeenCalled();
  });
});
