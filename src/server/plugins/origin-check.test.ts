import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ ALLOWED_ORIGINS: 'https://partner.example', PUBLIC_URL: 'https://coach.example.com/' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

/** A state-changing request over a real socket, with the Host and Origin a browser would send. */
function post(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ emailOrUsername: 'nobody-here', password: 'not-the-password' });
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/auth/signin', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the origin check compares against configured origins, never the request’s own Host', () => {
  it('passes the app’s own page on the listening address (401 is the sign-in answer, past the check)', async () => {
    expect(await post({ host: `localhost:${port}`, origin: `http://localhost:${port}` })).toBe(401);
    expect(await post({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` })).toBe(401);
  });

  it('passes PUBLIC_URL’s origin and ALLOWED_ORIGINS, and requests without an Origin', async () => {
    expect(await post({ host: 'coach.example.com', origin: 'https://coach.example.com' })).toBe(401);
    expect(await post({ origin: 'https://partner.example' })).toBe(401);
    expect(await post({})).toBe(401);
  });

  it('refuses a DNS-rebinding page whose Host and Origin agree, and other ports and sites', async () => {
    expect(await post({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` })).toBe(403);
    expect(await post({ host: `localhost:${port}`, origin: `http://localhost:${port + 1}` })).toBe(403);
    expect(await post({ origin: 'https://coach.example.com.evil.example' })).toBe(403);
    expect(await post({ origin: `http://localhost:${port}`, 'sec-fetch-site': 'cross-site' })).toBe(403);
  });
});
