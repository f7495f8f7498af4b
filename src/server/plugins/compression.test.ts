import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../env.js';
import { selectCoachEngine, type CoachEngine } from '../modules/coach/service.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makeUser } from '../test/factories.js';
import { validProfile } from '../test/profile.js';
import { parseSse } from '../test/sse.js';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';

/**
 * The built-in coach, except that its reply stops after the first words until the test lets it
 * go on: if anything buffered the event stream (a compressor would), those first words could not
 * reach the client before the rest is released.
 */
async function gatedCoach(): Promise<{ coach: CoachEngine; release: () => void }> {
  const real = await selectCoachEngine(readEnv({ NODE_ENV: 'test' }));
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const coach: CoachEngine = {
    name: 'gated',
    reply: (ctx, signal) => real.reply(ctx, signal),
    stream: (ctx, signal) => {
      const inner = real.stream(ctx, signal);
      return {
        reply: inner.reply,
        textStream: (async function* () {
          yield 'First words… ';
          await gate;
          yield* inner.textStream;
        })(),
      };
    },
  };
  return { coach, release: () => release() };
}

let t: TestApp;
const gated = await gatedCoach();
beforeAll(async () => {
  t = await buildTestApp({}, { coach: gated.coach });
});
afterAll(async () => {
  gated.release();
  await t.close();
});

describe('compressed API answers', () => {
  it('sends a large answer brotli-compressed when the browser accepts it, and the body is intact', async () => {
    const res = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    const body = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.rawPayload.length).toBeLessThan(body.length / 3);
    expect(JSON.parse(body)).toHaveProperty('openapi');
  });

  it('falls back to gzip, and to nothing for a client that accepts neither', async () => {
    const gz = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toHaveProperty('openapi');
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('openapi');
  });

  it('leaves a small answer uncompressed', async () => {
    const res = await t.app.inject({ url: '/api/auth/session', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ user: null });
  });

  it('keeps the account export a download: its file name, no-store, and the whole JSON once decoded', async () => {
    const u = await makeUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/onboarding', headers: { cookie: u.cookie }, payload: validProfile() });
    const res = await t.app.inject({ url: '/api/account/export', headers: { cookie: u.cookie, 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBe('br');
    const exported = JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')) as { account: { username: string } };
    expect(exported.account.username).toBe(u.user.username);
  });
});

describe('the chat event stream, with a browser that accepts compression', () => {
  it('is not compressed and delivers the first words before the reply is finished', async () => {
    const u = await makeUser(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} });
    const { sessionId } = created.json<{ sessionId: string }>();
    // A real socket: app.inject would wait for the whole body, hiding any buffering.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const payload = JSON.stringify({ sessionId, message: 'Cold calls are killing me.' });

    const result = await new Promise<{ headers: http.IncomingHttpHeaders; beforeRelease: string; whole: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/chat/message/stream',
          headers: { cookie: u.cookie, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
        },
        (res) => {
          let text = '';
          let beforeRelease = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            // The coach is held after its first words: seeing them here proves nothing buffered them.
            if (!beforeRelease && text.includes('event: delta')) {
              beforeRelease = text;
              gated.release();
            }
          });
          res.on('end', () => resolve({ headers: res.headers, beforeRelease, whole: text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

    expect(result.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(result.headers['content-encoding']).toBeUndefined();
    expect(parseSse(result.beforeRelease).map((e) => e.event)).toEqual(['user', 'delta']);
    expect(parseSse(result.beforeRelease).at(-1)?.data).toEqual({ text: 'First words… ' });
    expect(parseSse(result.whole).at(-1)?.event).toBe('done');
  });
});
