/**
 * Issue #22: the chat on a model that misbehaves the way real providers do, through the real app
 * (routes, chat service, PostgreSQL) against a fake OpenAI-compatible provider over real HTTP.
 * Each test asserts what the rep sees and what is stored: every rep message gets exactly one
 * stored reply, whatever the model does.
 */
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiEscalations, chatMessages, chatSessions } from '../../db/schema/index.js';
import { readEnv } from '../../env.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { FINISH_ARGS, goodAnswer, startFakeProvider, type FakeProvider } from '../../test/fake-model-provider.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { parseSse, type SseEvent } from '../../test/sse.js';
import { FALLBACK_NOTICE, selectCoachEngine } from '../coach/service.js';

const FIRST_TOKEN_MS = 1_000;
const ADVICE = 'Ask an Implication question: "What does another year of those power bills cost you?" Then stop talking and let them answer.';
const LONG = `${ADVICE} If they go quiet, ask what they would do with the money they save. Then book the install date before you leave the kitchen table, with both of them there.`;

let provider: FakeProvider;
let t: TestApp;
let base: string;

function coachOn(breaker: { failuresToOpen: number; probeAfterMs: number }) {
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    COACH_PROVIDER: 'openai-compatible',
    COACH_BASE_URL: provider.baseURL,
    COACH_MODEL: 'fake-coach',
    COACH_FIRST_TOKEN_TIMEOUT_MS: String(FIRST_TOKEN_MS),
    COACH_CHUNK_TIMEOUT_MS: '600',
  });
  return selectCoachEngine(env, { breaker });
}

beforeAll(async () => {
  provider = await startFakeProvider();
  // Here the circuit never opens, so each failure mode is seen on its own; the outage test has its own app.
  t = await buildTestApp({}, { coach: await coachOn({ failuresToOpen: 1_000, probeAfterMs: 60_000 }) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t?.close();
  await provider?.close();
});

beforeEach(() => {
  provider.requests.length = 0;
  provider.behave(goodAnswer(ADVICE));
});

async function newChat(): Promise<{ u: SignedInUser; sessionId: string }> {
  const u = await makeUser(t.app);
  const res = await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} });
  return { u, sessionId: res.json<{ sessionId: string }>().sessionId };
}

async function send(u: SignedInUser, sessionId: string, message: string, clientId?: string): Promise<SseEvent[]> {
  const res = await t.app.inject({ method: 'POST', url: '/api/chat/message/stream', headers: { cookie: u.cookie }, payload: { sessionId, message, ...(clientId ? { clientId } : {}) } });
  expect(res.statusCode).toBe(200);
  return parseSse(res.body);
}

interface Timed extends SseEvent {
  at: number;
}

/** The stream over real HTTP, each event with the time it arrived; `abortWhen` closes the page. */
async function sendOverHttp(u: SignedInUser, body: Record<string, unknown>, abortWhen?: (events: Timed[]) => boolean): Promise<{ status: number; events: Timed[]; started: number }> {
  const controller = new AbortController();
  const started = Date.now();
  const res = await fetch(`${base}/api/chat/message/stream`, { method: 'POST', headers: { cookie: u.cookie, 'content-type': 'application/json' }, body: JSON.stringify(body), signal: controller.signal });
  const events: Timed[] = [];
  if (!res.body) return { status: res.status, events, started };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) for (const event of parseSse(`${block}\n\n`)) events.push({ ...event, at: Date.now() - started });
      if (abortWhen?.(events)) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { status: res.status, events, started };
}

const text = (events: SseEvent[]) => events.filter((e) => e.event === 'delta').map((e) => String(e.data.text)).join('');
const done = (events: SseEvent[]) => events.find((e) => e.event === 'done')?.data as { content: string; options: string[]; coaching: { stage: string; topics: string[]; method?: string } } | undefined;

async function stored(sessionId: string) {
  const [chat] = await t.db.select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
  if (!chat) throw new Error('no conversation');
  const messages = await t.db.select().from(chatMessages).where(eq(chatMessages.chatSessionId, chat.id)).orderBy(asc(chatMessages.id));
  const escalations = await t.db.select().from(aiEscalations).where(eq(aiEscalations.chatSessionId, chat.id));
  return { messages, escalations };
}

/** Each rep message has exactly one reply, and each reply names its message. */
function expectOneReplyEach(messages: Array<{ id: number; role: string; replyTo: number | null }>): void {
  const asked = messages.filter((m) => m.role === 'user');
  const replies = messages.filter((m) => m.role === 'assistant');
  expect(replies.map((r) => r.replyTo)).toEqual(asked.map((m) => m.id));
}

describe('replies in the wrong shape still reach the rep once, whole', () => {
  it('tool call only, five turns: the rep reads real text every time, and no escalation is opened', async () => {
    provider.behave((index, request) =>
      request.body.tool_choice === 'none' ? { kind: 'answer', answer: { content: `${ADVICE} (turn ${index})` } } : { kind: 'answer', answer: { toolCalls: [{ name: 'finish_reply', arguments: FINISH_ARGS }] } },
    );
    const { u, sessionId } = await newChat();
    for (let turn = 0; turn < 5; turn++) {
      const events = await send(u, sessionId, `they said it is too expensive, turn ${turn}`);
      expect(text(events)).toContain(ADVICE);
      expect(done(events)?.content).toContain(ADVICE);
      expect(done(events)?.content).not.toContain("couldn't put an answer together");
    }
    const { messages, escalations } = await stored(sessionId);
    expectOneReplyEach(messages);
    expect(escalations).toHaveLength(0);
  });

  it('JSON and <think> in the text: neither shown nor stored, nor sent back to the model next turn', async () => {
    provider.behave({ kind: 'answer', answer: { content: `<think>secret plan: be brief</think>${ADVICE}\n\n\`\`\`json\n${JSON.stringify({ name: 'finish_reply', arguments: FINISH_ARGS })}\n\`\`\``, pieceChars: 7 } });
    const { u, sessionId } = await newChat();
    const events = await send(u, sessionId, 'they keep saying it is too expensive');
    expect(text(events)).not.toMatch(/secret plan|finish_reply|```/);
    expect(done(events)?.content).toBe(ADVICE);
    expect(done(events)?.coaching.method).toBe(FINISH_ARGS.method);
    await send(u, sessionId, 'what do i say after that');
    expect(JSON.stringify(provider.requests.at(-1)?.body.messages)).not.toMatch(/secret plan|```json/);
    expectOneReplyEach((await stored(sessionId)).messages);
  });

  it('finish_reason "length": stored cut at a sentence and marked, with Go on', async () => {
    provider.behave({ kind: 'answer', answer: { content: `${ADVICE} And when they push back on the monthly numb`, finishReason: 'length' } });
    const { u, sessionId } = await newChat();
    const reply = done(await send(u, sessionId, 'they keep saying it is too expensive'));
    expect(reply?.content.startsWith(`${ADVICE}\n\n*(The coach was cut off here.`)).toBe(true);
    expect(reply?.options[0]).toBe('Go on');
    expect((await stored(sessionId)).messages.at(-1)?.content).toBe(reply?.content);
  });

  it('a gateway that answers plain JSON to a streaming request', async () => {
    provider.behave({ kind: 'answer', answer: { content: ADVICE, toolCalls: [{ name: 'finish_reply', arguments: FINISH_ARGS }], json: true } });
    const { u, sessionId } = await newChat();
    expect(done(await send(u, sessionId, 'they keep saying it is too expensive'))?.content).toBe(ADVICE);
  });
});

describe('time', () => {
  it('slow but healthy (longer than every timeout, never silent past one): the whole answer, no fallback', async () => {
    provider.behave(goodAnswer(LONG, FINISH_ARGS, { delayMs: 700, chunkDelayMs: 200, pieceChars: 16 }));
    const { u, sessionId } = await newChat();
    const started = Date.now();
    const reply = done(await send(u, sessionId, 'they keep saying it is too expensive'));
    expect(Date.now() - started).toBeGreaterThan(2_000);
    expect(reply?.content).toBe(LONG);
  });

  it('a stall after a few words: the built-in coach answers, first text within the first-token timeout + 1 s, one reply stored', async () => {
    provider.behave({ kind: 'answer', answer: { content: ADVICE, stallAfterChars: 14 } });
    const { u, sessionId } = await newChat();
    const { events } = await sendOverHttp(u, { sessionId, message: 'they keep saying it is too expensive' });
    expect(events.find((e) => e.event === 'delta')?.at).toBeLessThan(FIRST_TOKEN_MS + 1_000);
    expect(done(events)?.content.startsWith(FALLBACK_NOTICE)).toBe(true);
    expectOneReplyEach((await stored(sessionId)).messages);
  });

  it('a stall after most of the answer: what was written is kept, cut at a sentence and marked', async () => {
    provider.behave({ kind: 'answer', answer: { content: LONG, stallAfterChars: LONG.length - 30, pieceChars: 20 } });
    const { u, sessionId } = await newChat();
    const reply = done(await send(u, sessionId, 'they keep saying it is too expensive'));
    expect(reply?.content.startsWith(ADVICE)).toBe(true);
    expect(reply?.content).toContain('*(The coach was cut off here.');
    expect(reply?.content).not.toContain(FALLBACK_NOTICE);
  });

  it('a silent model: the first visible text comes within the first-token timeout + 1 s', async () => {
    provider.behave({ kind: 'hang' });
    const { u, sessionId } = await newChat();
    const { events } = await sendOverHttp(u, { sessionId, message: 'cold calls are killing me, they hang up in seconds' });
    const first = events.find((e) => e.event === 'delta');
    expect(first?.at).toBeGreaterThanOrEqual(FIRST_TOKEN_MS - 50);
    expect(first?.at).toBeLessThan(FIRST_TOKEN_MS + 1_000);
    expect(done(events)?.content.startsWith(FALLBACK_NOTICE)).toBe(true);
  });

  it('a 429 asking for 30 s: not waited for; the built-in coach answers within the first-token time', async () => {
    provider.behave({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    const { u, sessionId } = await newChat();
    const { events } = await sendOverHttp(u, { sessionId, message: 'they keep saying it is too expensive' });
    expect(events.find((e) => e.event === 'delta')?.at).toBeLessThan(FIRST_TOKEN_MS);
    expect(done(events)?.content.startsWith(FALLBACK_NOTICE)).toBe(true);
  });

  it('an outage opens the circuit: replies in under a second without asking the provider, then the model is back', async () => {
    // Its own app: the circuit opens after 3 failures in a row, and is retried 300 ms later.
    const outage = await buildTestApp({}, { coach: await coachOn({ failuresToOpen: 3, probeAfterMs: 300 }) });
    await outage.app.listen({ port: 0, host: '127.0.0.1' });
    const [mainApp, mainBase] = [t, base];
    [t, base] = [outage, `http://127.0.0.1:${(outage.app.server.address() as AddressInfo).port}`];
    try {
      await expectCircuitOpensThenCloses();
    } finally {
      [t, base] = [mainApp, mainBase];
      await outage.close();
    }
  });
});

async function expectCircuitOpensThenCloses(): Promise<void> {
  {
    provider.behave({ kind: 'status', status: 503 });
    const { u, sessionId } = await newChat();
    for (let i = 0; i < 3; i++) await send(u, sessionId, `the prospect hung up again, try ${i}`);
    provider.requests.length = 0;
    const started = Date.now();
    const { events } = await sendOverHttp(u, { sessionId, message: 'what do i say in the first ten seconds' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(done(events)?.content.startsWith(FALLBACK_NOTICE)).toBe(true);
    expect(provider.requests).toHaveLength(0);

    // The provider recovers; the background retry finds it and closes the circuit.
    provider.behave(goodAnswer(ADVICE));
    await expect.poll(() => provider.requests.length, { timeout: 3_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done(await send(u, sessionId, 'ok what next'))?.content).toBe(ADVICE);
    const { messages, escalations } = await stored(sessionId);
    expectOneReplyEach(messages);
    // An outage is not the rep being hard to understand.
    expect(escalations).toHaveLength(0);
  }
}

describe('one reply per message', () => {
  it('a closed page stops the model call, and no reply is stored for it', async () => {
    provider.behave(goodAnswer(LONG, FINISH_ARGS, { chunkDelayMs: 150, pieceChars: 6 }));
    const { u, sessionId } = await newChat();
    const { events } = await sendOverHttp(u, { sessionId, message: 'they keep saying it is too expensive' }, (seen) => seen.some((e) => e.event === 'delta'));
    expect(events.some((e) => e.event === 'done')).toBe(false);
    await expect.poll(() => provider.requests[0]?.closedEarly, { timeout: 2_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { messages } = await stored(sessionId);
    expect(messages.map((m) => m.role)).toEqual(['user']);
  });

  it('a stalled stream abandoned and retried with the same client id: one message, one reply', async () => {
    const { u, sessionId } = await newChat();
    const clientId = '7d7a7a4e-1d7c-4f0e-9a57-6f1a1a1a1a1a';
    // The first try stalls after a few words (the page gives up on it); the retry is answered.
    provider.behave((index) => (index === 0 ? { kind: 'answer', answer: { content: ADVICE, stallAfterChars: 20 } } : goodAnswer(ADVICE)));
    await sendOverHttp(u, { sessionId, message: 'they keep saying it is too expensive', clientId }, (seen) => seen.some((e) => e.event === 'delta'));
    const retry = await sendOverHttp(u, { sessionId, message: 'they keep saying it is too expensive', clientId });
    expect(done(retry.events)?.content).toBe(ADVICE);
    const { messages } = await stored(sessionId);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expectOneReplyEach(messages);
  });

  it('a retry while the first try is still being answered waits for it and gets the same reply, without a second model call', async () => {
    provider.behave(goodAnswer(ADVICE, FINISH_ARGS, { chunkDelayMs: 60, pieceChars: 10 }));
    const { u, sessionId } = await newChat();
    const clientId = '2b1c1c1c-1d7c-4f0e-9a57-6f1a1a1a1a1a';
    const first = sendOverHttp(u, { sessionId, message: 'they keep saying it is too expensive', clientId });
    await expect.poll(() => provider.requests.length).toBe(1);
    const second = await sendOverHttp(u, { sessionId, message: 'they keep saying it is too expensive', clientId });
    const firstEvents = (await first).events;
    expect(done(firstEvents)?.content).toBe(ADVICE);
    expect(done(second.events)).toEqual(done(firstEvents));
    expect(provider.requests).toHaveLength(1);
    expectOneReplyEach((await stored(sessionId)).messages);
  });

  it('two processes answering the same stored message: the database keeps the first reply, the second try returns it', async () => {
    const { u, sessionId } = await newChat();
    await send(u, sessionId, 'they keep saying it is too expensive');
    const { messages } = await stored(sessionId);
    const [asked, answered] = messages;
    if (!asked || !answered) throw new Error('no turn stored');
    // What a second app process would write for the same message.
    await expect(
      t.db.insert(chatMessages).values({ chatSessionId: asked.chatSessionId, role: 'assistant', content: 'a second reply', replyTo: asked.id }),
    ).rejects.toMatchObject({ cause: { constraint: 'chat_messages_reply_to_idx' } });
  });
});

describe('a provider failure mid-conversation does not lose the thread', () => {
  it('the built-in coach goes on from the model\'s diagnosis: no opening question again, no escalation', async () => {
    provider.behave(goodAnswer(ADVICE, { ...FINISH_ARGS, stage: 'close', topics: ['closing', 'objection_handling'], method: 'Summary close' }));
    const { u, sessionId } = await newChat();
    await send(u, sessionId, 'homeowners love the solar quote then say they will think about it');
    await send(u, sessionId, 'its always after i give the monthly number');
    provider.behave({ kind: 'status', status: 500 });
    const first = done(await send(u, sessionId, 'that wont work, they just want to sleep on it'));
    const second = done(await send(u, sessionId, 'hmm not sure'));
    for (const reply of [first, second]) {
      expect(reply?.content.startsWith(FALLBACK_NOTICE)).toBe(true);
      expect(reply?.content).not.toMatch(/which part of the call|where does it break down/i);
    }
    expect(first?.coaching.topics.some((topic) => topic === 'closing' || topic === 'objection_handling')).toBe(true);
    const { messages, escalations } = await stored(sessionId);
    expect(escalations).toHaveLength(0);
    expectOneReplyEach(messages);
  });
});

describe('what operators see', () => {
  it("logs each model turn with its outcome, time and tokens, and failures with their reason, never the rep's words", async () => {
    const lines: Array<{ level: string; details: Record<string, unknown>; message: string }> = [];
    const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', COACH_PROVIDER: 'openai-compatible', COACH_BASE_URL: provider.baseURL, COACH_MODEL: 'fake-coach', COACH_FIRST_TOKEN_TIMEOUT_MS: '1000' });
    const coach = await selectCoachEngine(env, {
      log: { info: (details, message) => lines.push({ level: 'info', details: details as Record<string, unknown>, message }), warn: (details, message) => lines.push({ level: 'warn', details: details as Record<string, unknown>, message }) },
    });
    const logged = await buildTestApp({}, { coach });
    try {
      const u = await makeUser(logged.app);
      const created = await logged.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} });
      const sessionId = created.json<{ sessionId: string }>().sessionId;
      const secret = 'my client Dolores Umbridge at 12 Privet Drive';
      await logged.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message: `${secret} says it is too expensive` } });
      provider.behave({ kind: 'status', status: 500 });
      await logged.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message: `${secret} hung up` } });
    } finally {
      await logged.close();
    }
    const turns = lines.filter((l) => l.message === 'coach turn').map((l) => l.details.coach as Record<string, unknown>);
    expect(turns[0]).toMatchObject({ engine: 'llm', outcome: 'complete', model: 'fake-coach', promptTokens: 1200, completionTokens: 90, cachedTokens: 1000 });
    expect(turns[0]?.totalMs).toEqual(expect.any(Number));
    expect(turns[1]).toMatchObject({ outcome: 'fallback', reason: expect.stringContaining('500') });
    const warning = lines.find((l) => l.level === 'warn' && l.message.includes('the built-in coach answered'));
    // Under its own key: the app logger's `err` serializer expects an Error and would print "non-error thrown".
    expect(warning?.details.err).toBeUndefined();
    expect(warning?.details.failure).toMatchObject({ type: 'CoachUnavailableError', cause: { type: 'ProviderError', statusCode: 500 } });
    expect(JSON.stringify(lines)).not.toContain('Umbridge');
  });
});

