import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from './errors.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { failMessagesContaining } from '../test/db-faults.js';
import { makeUser } from '../test/factories.js';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => t.close());

describe('errors in the app’s shape, logs without what people typed', () => {
  it('answers a URL Fastify cannot decode with the app’s 400, not Fastify’s own body', async () => {
    for (const url of ['/%c0%ae%c0%ae/x', '/api/%c0%ae%c0%ae/x']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'That address is not valid.' });
    }
  });

  it('logs a failed statement by its code and first words, never its parameters or the driver’s message', async () => {
    await failMessagesContaining(t.pool, 'secret-sentinel');
    const u = await makeUser(t.app);
    const sessionId = (await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} })).json().sessionId;
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: { cookie: u.cookie },
      payload: { sessionId, message: 'my private deal with secret-sentinel-4411 at Acme' },
    });
    expect(res.statusCode).toBe(500);
    const logged = lines.join('\n');
    const entry = lines.map((l) => JSON.parse(l) as { msg?: string; err?: Record<string, unknown> }).find((l) => l.msg === 'request failed');
    expect(entry?.err).toMatchObject({ message: 'database error', code: 'P0001', statement: expect.stringMatching(/^insert into "chat_messages"/) });
    expect(logged).not.toContain('secret-sentinel');
    expect(logged).not.toContain('Acme');
    expect(logged).not.toContain(u.user.username);
  });

  it('logs a query that failed with no SQLSTATE (the connection died) without its parameters', () => {
    const err = new DrizzleQueryError('select "id" from "users" where "email" = $1', ['private-rep@example.com'], new Error('Connection terminated unexpectedly'));
    const logged = JSON.stringify(serializeError(err));
    expect(logged).not.toContain('private-rep@example.com');
    expect(logged).toContain('Connection terminated unexpectedly');
    expect(logged).toContain('select \\"id\\" from');
  });

  it('redacts secret-looking query values, keeping the rest', () => {
    expect(redactUrl('/api/x?adminKey=abc&page=2&access_token=t&q=hello')).toBe('/api/x?adminKey=[redacted]&page=2&access_token=[redacted]&q=hello');
    expect(redactUrl('/api/x')).toBe('/api/x');
    expect(redactUrl('/api/x?%ZZ=1&Admin%4Bey=s')).toBe('/api/x?%ZZ=1&Admin%4Bey=[redacted]');
  });
});
