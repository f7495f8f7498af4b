import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { TECHNIQUES } from './techniques.js';

/**
 * The citations of playbook-engine.test.ts, end to end: the app's own engine, fed by a chat turn's
 * search of the live knowledge (the starter playbook in PostgreSQL), not by passages a test made.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('citations in a real chat turn', () => {
  it('cites, under each technique, the playbook section it comes from', async () => {
    const u = await makeUser(t.app);
    const sessionId = (await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} })).json().sessionId;
    const send = async (message: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message } })).json().messages.at(-1) as { content: string; options?: string[] };
    let reply = await send('Prospects keep telling me our price is too high right when I am about to close.');
    if (reply.options?.[0] && !reply.content.includes('*Method:')) reply = await send(reply.options[0]);
    const coached = [reply, await send('Give me another tip'), await send('Give me another tip')];
    for (const m of coached) {
      const name = /\*\*(.+?)\*\* · \*Method:/.exec(m.content)?.[1];
      const technique = TECHNIQUES.find((x) => x.name === name);
      expect(technique, m.content).toBeDefined();
      const cited = /From our playbook, "(.+?)":/.exec(m.content)?.[1]?.toLowerCase() ?? '';
      expect(technique?.sources.some((s) => cited.includes(s.toLowerCase())), `${name} cites "${cited}"`).toBe(true);
    }
  });
});
