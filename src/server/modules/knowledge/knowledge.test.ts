import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../env.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser } from '../../test/factories.js';
import { selectCoachEngine, type CoachContext, type CoachEngine, type KnowledgePassage } from '../coach/service.js';
import { appendKnowledge, saveKnowledge, searchKnowledge, searchQueryText } from './service.js';

/** The real playbook engine, recording what the chat service hands it. */
async function recordingEngine(): Promise<CoachEngine & { contexts: CoachContext[] }> {
  const inner = await selectCoachEngine(readEnv({ NODE_ENV: 'test', COACH_PROVIDER: 'playbook' }));
  const contexts: CoachContext[] = [];
  return {
    name: 'recording',
    contexts,
    reply: (ctx) => {
      contexts.push(ctx);
      return inner.reply(ctx);
    },
    stream: (ctx, signal) => {
      contexts.push(ctx);
      return inner.stream(ctx, signal);
    },
  };
}

let t: TestApp;
const engine = await recordingEngine();
beforeAll(async () => {
  t = await buildTestApp({}, { coach: engine });
});
afterAll(async () => t.close());

const titles = (ctx: CoachContext | undefined) => ctx?.knowledge.map((p) => p.title) ?? [];
/** A passage's own heading: every title also carries its chapter's, which names the whole chapter's subjects. */
const heading = (passage: KnowledgePassage | undefined) => passage?.title.split(' › ').at(-1);

describe('knowledge search (PostgreSQL full-text search over the live version)', () => {
  it('finds the passages about what the rep describes, best first', async () => {
    const passages = await searchKnowledge(t.db, 'People hang up within the first ten seconds of my cold calls', [], 3);
    expect(passages).toHaveLength(3);
    expect(heading(passages[0])).toBe('The first 10 seconds of a cold call: tone and pace, and avoiding the hang-up');
    const ranks = passages.map((p) => p.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  });

  it('finds nothing, without an error, when the message has no searchable word', async () => {
    expect(await searchKnowledge(t.db, '?! ... ok', [], 3)).toEqual([]);
    expect(await searchKnowledge(t.db, 'the and but', [], 3)).toEqual([]);
  });

  it('searches what the rep typed as plain words, never as tsquery syntax', async () => {
    const typed = "cold & !calls | (voicemail:* <-> ') --";
    expect(searchQueryText(typed)).toBe('cold | calls | voicemail');
    const passages = await searchKnowledge(t.db, typed, [], 3);
    // "& !calls" read as syntax would exclude every passage about calls, this one first.
    expect(heading(passages[0])).toBe('Cold call voicemail that gets a call back');
    expect(passages).toEqual(await searchKnowledge(t.db, 'cold calls voicemail', [], 3));
  });
});

describe('what a chat turn gives the engine', () => {
  it('passages for the message; on a follow-up with no topic of its own, passages for the topic diagnosed last', async () => {
    const u = await makeUser(t.app);
    const sessionId = (await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} })).json().sessionId;
    const send = (message: string) => t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message } });

    const isFollowUp = (title: string) => /follow-up|break-up/i.test(title);
    expect((await send('After I send the proposal they go completely silent.')).statusCode).toBe(200);
    const first = engine.contexts.at(-1);
    expect(first?.history).toEqual([]);
    expect(titles(first).filter(isFollowUp).length).toBeGreaterThanOrEqual(3);

    expect((await send('Give me another tip')).statusCode).toBe(200);
    const followUp = engine.contexts.at(-1);
    // "Give me another tip" names no topic: the search adds the topic diagnosed last (follow-up);
    // on its own words it would find discounts, budget objections and cold-call openers.
    expect(titles(followUp).filter(isFollowUp).length).toBeGreaterThanOrEqual(3);
    expect(followUp?.history.map((m) => m.role)).toEqual(['user', 'assistant']);
    // The engine resumes from the newest state it stored.
    expect(followUp?.history.at(-1)?.state).toMatchObject({ phase: expect.any(String) });
  });

  it('searches a newly saved knowledge version at once, and never the old one', async () => {
    const u = await makeUser(t.app);
    const sessionId = (await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} })).json().sessionId;
    await appendKnowledge(t.db, '## Selling to orchard owners\n\nOrchard owners buy after the harvest, never during it.', 'test', null);
    await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message: 'How do I pitch orchard owners?' } });
    expect(titles(engine.contexts.at(-1))).toContain('Selling to orchard owners');

    await saveKnowledge(t.db, '## Only this section\n\nNothing about fruit here.', 'test', null);
    await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message: 'How do I pitch orchard owners?' } });
    expect(titles(engine.contexts.at(-1))).not.toContain('Selling to orchard owners');
  });
});
