import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiEscalations, chatMessages, chatSessions } from '../../db/schema/index.js';
import { readEnv } from '../../env.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { CoachUnavailableError, type CoachContext, type CoachEngine, type CoachReply, type CoachStream } from './engine.js';
import { FALLBACK_NOTICE, withFallback } from './fallback.js';
import { PERSON_REQUEST_REASON } from './person-request.js';
import { selectCoachEngine } from './select-engine.js';
import { parseSse } from '../../test/sse.js';

// ---------------------------------------------------------------------------------------------
// The wrapper, with fake engines.

function context(message = 'They keep saying it is too expensive.'): CoachContext {
  return {
    profile: { username: 'rep1', industry: null, product: null, salesExperience: null, biggestStruggle: null, targetIncome: null, currentIncome: null, city: null, state: null },
    history: [],
    message,
    knowledge: [],
  };
}

const replyOf = (content: string, method?: string): CoachReply => ({
  content,
  options: ['Give me another tip'],
  coaching: method ? { stage: 'middle', topics: ['objection_handling'], method } : { stage: 'general', topics: [] },
  state: { engine: content },
  confidence: 0.8,
});

/** A stream that writes `chunks`, then fails with `error` if given, or resolves to `reply`. */
function streamOf(chunks: string[], outcome: { reply: CoachReply } | { error: Error }): CoachStream {
  const reply = 'reply' in outcome ? Promise.resolve(outcome.reply) : Promise.reject(outcome.error);
  reply.catch(() => undefined);
  return {
    textStream: (async function* () {
      for (const chunk of chunks) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        yield chunk;
      }
      if ('error' in outcome) throw outcome.error;
    })(),
    reply,
  };
}

interface FakeEngine extends CoachEngine {
  calls: number;
}

function engine(name: string, behave: { reply: () => Promise<CoachReply>; stream: (signal?: AbortSignal) => CoachStream }): FakeEngine {
  const fake: FakeEngine = {
    name,
    calls: 0,
    reply: () => {
      fake.calls += 1;
      return behave.reply();
    },
    stream: (_ctx, signal) => {
      fake.calls += 1;
      return behave.stream(signal);
    },
  };
  return fake;
}

const down = () => new CoachUnavailableError('The AI coach is unavailable right now. Please try again in a moment.');
const playbookLike = () => engine('playbook', { reply: async () => replyOf('Use feel-felt-found.', 'Feel-felt-found'), stream: () => streamOf(['Use ', 'feel-felt-found.'], { reply: replyOf('Use feel-felt-found.', 'Feel-felt-found') }) });

async function read(stream: CoachStream): Promise<{ text: string; reply: CoachReply }> {
  let text = '';
  for await (const chunk of stream.textStream) text += chunk;
  return { text, reply: await stream.reply };
}

describe('withFallback', () => {
  it("answers with the primary's reply while it works, and never calls the fallback", async () => {
    const fallback = playbookLike();
    const coach = withFallback(engine('llm', { reply: async () => replyOf('LLM says hi.'), stream: () => streamOf(['LLM ', 'says hi.'], { reply: replyOf('LLM says hi.') }) }), fallback);
    expect((await coach.reply(context())).content).toBe('LLM says hi.');
    expect(await read(coach.stream(context()))).toMatchObject({ text: 'LLM says hi.', reply: { content: 'LLM says hi.' } });
    expect(fallback.calls).toBe(0);
    expect(coach.name).toBe('llm');
  });

  it("answers reply() with the fallback's reply under the notice when the primary throws", async () => {
    const failures: unknown[] = [];
    const coach = withFallback(engine('llm', { reply: () => Promise.reject(down()), stream: () => streamOf([], { error: down() }) }), playbookLike(), (error) => failures.push(error));
    const reply = await coach.reply(context());
    expect(reply.content).toBe(`${FALLBACK_NOTICE}\n\nUse feel-felt-found.`);
    expect(reply.coaching.method).toBe('Feel-felt-found');
    expect(reply.state).toEqual({ engine: 'Use feel-felt-found.' });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(CoachUnavailableError);
  });

  it('streams the fallback when the primary fails before its first token', async () => {
    const coach = withFallback(engine('llm', { reply: () => Promise.reject(down()), stream: () => streamOf([], { error: down() }) }), playbookLike());
    const { text, reply } = await read(coach.stream(context()));
    expect(reply.content).toBe(`${FALLBACK_NOTICE}\n\nUse feel-felt-found.`);
    expect(text).toBe(reply.content);
  });

  it('streams the fallback when the primary cannot even start its stream', async () => {
    const coach = withFallback(
      engine('llm', {
        reply: () => Promise.reject(down()),
        stream: () => {
          throw new Error('bad configuration');
        },
      }),
      playbookLike(),
    );
    expect((await read(coach.stream(context()))).reply.content).toBe(`${FALLBACK_NOTICE}\n\nUse feel-felt-found.`);
  });

  it('goes on with the fallback mid-stream, and the reply is the fallback alone', async () => {
    const coach = withFallback(engine('llm', { reply: () => Promise.reject(down()), stream: () => streamOf(['Ask an ', 'Implication '], { error: down() }) }), playbookLike());
    const { text, reply } = await read(coach.stream(context()));
    expect(text).toBe(`Ask an Implication \n\n${FALLBACK_NOTICE}\n\nUse feel-felt-found.`);
    expect(reply.content).toBe(`${FALLBACK_NOTICE}\n\nUse feel-felt-found.`);
  });

  it("falls back when the text ends but the primary's reply fails", async () => {
    const coach = withFallback(engine('llm', { reply: () => Promise.reject(down()), stream: () => ({ textStream: (async function* () { yield 'All '; })(), reply: Promise.reject(down()) }) }), playbookLike());
    expect((await read(coach.stream(context()))).reply.content).toBe(`${FALLBACK_NOTICE}\n\nUse feel-felt-found.`);
  });

  it('does not fall back when the rep aborts', async () => {
    const fallback = playbookLike();
    const controller = new AbortController();
    const aborted = new Error('The rep left');
    const primary = engine('llm', {
      reply: () => {
        controller.abort();
        return Promise.reject(aborted);
      },
      stream: () => {
        controller.abort();
        return streamOf(['Ask '], { error: aborted });
      },
    });
    const coach = withFallback(primary, fallback);
    await expect(coach.reply(context(), controller.signal)).rejects.toBe(aborted);
    const stream = coach.stream(context(), controller.signal);
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream.textStream) seen.push(chunk);
      })(),
    ).rejects.toBe(aborted);
    await expect(stream.reply).rejects.toBe(aborted);
    expect(seen).toEqual(['Ask ']);
    expect(fallback.calls).toBe(0);
  });

  it("rethrows the primary's error when the fallback fails too", async () => {
    const failures: string[] = [];
    const primaryError = down();
    const broken = engine('broken', { reply: () => Promise.reject(new Error('also down')), stream: () => streamOf([], { error: new Error('also down') }) });
    const coach = withFallback(engine('llm', { reply: () => Promise.reject(primaryError), stream: () => streamOf([], { error: primaryError }) }), broken, (_error, what) => failures.push(what));
    await expect(coach.reply(context())).rejects.toBe(primaryError);
    const stream = coach.stream(context());
    await expect(stream.reply).rejects.toBe(primaryError);
    expect(failures).toEqual(['primary failed', 'fallback failed', 'primary failed', 'fallback failed']);
  });
});

// ---------------------------------------------------------------------------------------------
// Through the real app: the LLM engine as COACH_PROVIDER selects it, against a local
// OpenAI-compatible server that fails in the ways real providers do.

type Mode = 'ok' | 'error500' | 'silent' | 'stall-after-first-chunk';

interface FakeProvider {
  baseURL: string;
  mode: Mode;
  requests: number;
  close: () => Promise<void>;
}

function sse(res: http.ServerResponse, payload: unknown): void {
  res.write(`data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`);
}

function chunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'fake-coach', choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

const FINISH = { stage: 'middle', topics: ['objection_handling'], method: 'SPIN: Implication questions', options: ['Role-play this with me'], confidence: 0.9, needsHuman: false };

async function startFakeProvider(): Promise<FakeProvider> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      provider.requests += 1;
      if (provider.mode === 'silent') return; // accepted, never answered
      if (provider.mode === 'error500') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'internal error', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      sse(res, chunk({ role: 'assistant', content: 'Ask an ' }));
      if (provider.mode === 'stall-after-first-chunk') return;
      sse(res, chunk({ content: 'Implication question: "What does waiting cost you?"' }));
      sse(res, chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'finish_reply', arguments: JSON.stringify(FINISH) } }] }));
      sse(res, chunk({}, 'tool_calls'));
      sse(res, '[DONE]');
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const provider: FakeProvider = {
    baseURL: `http://127.0.0.1:${port}/v1`,
    mode: 'ok',
    requests: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return provider;
}


interface StoredMessage {
  role: string;
  content: string;
}

let provider: FakeProvider;
let llmApp: TestApp;
let playbookApp: TestApp;

let llm: CoachEngine;
let playbook: CoachEngine;
beforeAll(async () => {
  provider = await startFakeProvider();
  llm = await selectCoachEngine(
    readEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      COACH_PROVIDER: 'openai-compatible',
      COACH_BASE_URL: provider.baseURL,
      COACH_MODEL: 'fake-coach',
      COACH_API_KEY: 'test',
      // The smallest timeouts env.ts accepts: a silent provider is given up on after 1 s, a stalled one after 0.5 s.
      COACH_FIRST_TOKEN_TIMEOUT_MS: '1000',
      COACH_CHUNK_TIMEOUT_MS: '500',
    }),
    // Failures here are single turns; the circuit breaker has its own tests (chat/model-failures.test.ts).
    { breaker: { failuresToOpen: 1_000, probeAfterMs: 60_000 } },
  );
  playbook = await selectCoachEngine(readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
  [llmApp, playbookApp] = await Promise.all([buildTestApp({}, { coach: llm }), buildTestApp({}, { coach: playbook })]);
});

afterAll(async () => {
  await Promise.all([llmApp?.close(), playbookApp?.close()]);
  await provider?.close();
});

async function newSession(t: TestApp, u: SignedInUser): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} });
  expect(res.statusCode).toBe(201);
  return res.json<{ sessionId: string }>().sessionId;
}

const send = (t: TestApp, u: SignedInUser, sessionId: string, message: string) =>
  t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message } });

const sendStreamed = async (t: TestApp, u: SignedInUser, sessionId: string, message: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/chat/message/stream', headers: { cookie: u.cookie }, payload: { sessionId, message } });
  expect(res.statusCode).toBe(200);
  return parseSse(res.body);
};

async function chatIdOf(t: TestApp, sessionId: string): Promise<number> {
  const [chat] = await t.db.select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
  if (!chat) throw new Error('no such conversation');
  return chat.id;
}

async function storedMessages(t: TestApp, sessionId: string): Promise<StoredMessage[]> {
  const chatId = await chatIdOf(t, sessionId);
  return t.db.select({ role: chatMessages.role, content: chatMessages.content }).from(chatMessages).where(eq(chatMessages.chatSessionId, chatId)).orderBy(asc(chatMessages.id));
}

describe('search hints', () => {
  it('come from the engine: the built-in coach reads the topics, the LLM engine runs no classifier', () => {
    expect(playbook.searchHints?.('They always say the price is too high.')).toContain('objection handling');
    expect(playbook.searchHints?.('hello there')).toEqual([]);
    expect(llm.searchHints).toBeUndefined();
  });
});

describe('the LLM coach falls back to the built-in coach (through the app)', () => {
  it('answers POST /api/chat/message with 200, the notice and a built-in reply when the provider answers 500', async () => {
    provider.mode = 'error500';
    const u = await makeUser(llmApp.app);
    const sessionId = await newSession(llmApp, u);
    const res = await send(llmApp, u, sessionId, 'Half way through the call the prospect said our product is too expensive and I froze.');
    expect(res.statusCode).toBe(200);
    const reply = res.json().messages.at(-1);
    expect(reply.role).toBe('assistant');
    expect(reply.content.startsWith(`${FALLBACK_NOTICE}\n\n`)).toBe(true);
    expect(reply.content.length).toBeGreaterThan(FALLBACK_NOTICE.length + 20);
    expect(reply.options.length).toBeGreaterThan(0);
    expect(reply.coaching.stage).toBeDefined();
    expect(await storedMessages(llmApp, sessionId)).toEqual([
      { role: 'user', content: 'Half way through the call the prospect said our product is too expensive and I froze.' },
      { role: 'assistant', content: reply.content },
    ]);
  });

  it('ends the stream with done and stores one reply when the provider never answers', async () => {
    provider.mode = 'silent';
    const u = await makeUser(llmApp.app);
    const sessionId = await newSession(llmApp, u);
    const events = await sendStreamed(llmApp, u, sessionId, 'After I send the proposal they go completely silent.');
    expect(events.map((e) => e.event).filter((e) => e !== 'delta')).toEqual(['user', 'done']);
    const done = events.at(-1)?.data;
    expect(String(done?.content).startsWith(FALLBACK_NOTICE)).toBe(true);
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(done?.content);
    const stored = await storedMessages(llmApp, sessionId);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored[1]?.content).toBe(done?.content);
  });

  it('replaces a half-written reply that stalls: done carries the built-in reply, and only it is stored', async () => {
    provider.mode = 'stall-after-first-chunk';
    const u = await makeUser(llmApp.app);
    const sessionId = await newSession(llmApp, u);
    const events = await sendStreamed(llmApp, u, sessionId, 'Cold calls are killing me, they hang up in seconds.');
    const streamed = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(streamed.startsWith('Ask an')).toBe(true);
    expect(streamed).toContain(FALLBACK_NOTICE);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect(String(done?.data.content).startsWith(FALLBACK_NOTICE)).toBe(true);
    expect(String(done?.data.content)).not.toContain('Ask an');

    // A second message in the same conversation, with the provider back: one reply per message.
    provider.mode = 'ok';
    const next = await sendStreamed(llmApp, u, sessionId, 'What should I ask instead?');
    expect(next.at(-1)?.data.content).toBe('Ask an Implication question: "What does waiting cost you?"');
    const stored = await storedMessages(llmApp, sessionId);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(stored[1]?.content).toBe(done?.data.content);
  });
});

describe('"can I talk to a real person" under both engines (through the app)', () => {
  for (const which of ['llm', 'playbook'] as const) {
    it(`escalates under the ${which} engine, with no method on the reply, and the engine resumes after`, async () => {
      const t = which === 'llm' ? llmApp : playbookApp;
      provider.mode = 'ok';
      const u = await makeUser(t.app);
      const sessionId = await newSession(t, u);
      const first = await send(t, u, sessionId, 'They keep telling me the price is too high.');
      expect(first.statusCode).toBe(200);
      // The model named a method on its last reply: the request for a person must not carry it on.
      // (The playbook's first reply to this names none.)
      expect(first.json().messages.at(-1).coaching?.method).toBe(which === 'llm' ? FINISH.method : undefined);
      const requestsBefore = provider.requests;

      const res = await send(t, u, sessionId, 'can I talk to a real person');
      expect(res.statusCode).toBe(200);
      const reply = res.json().messages.at(-1);
      expect(reply.content).toContain('coaching team');
      expect(reply.content).toContain('usually within one business day');
      expect(reply.coaching).toBeDefined();
      expect(reply.coaching.method).toBeUndefined();
      expect(reply.options.length).toBeGreaterThan(0);
      // The engine is not asked at all.
      expect(provider.requests).toBe(requestsBefore);

      const chatId = await chatIdOf(t, sessionId);
      const escalations = await t.db.select().from(aiEscalations).where(and(eq(aiEscalations.chatSessionId, chatId), eq(aiEscalations.userId, u.user.id)));
      expect(escalations).toHaveLength(1);
      expect(escalations[0]).toMatchObject({ status: 'pending', priority: 'high', escalationReason: PERSON_REQUEST_REASON, userMessage: 'can I talk to a real person', aiAttempt: reply.content });

      // On the stream route too, and the engine answers the next message as usual.
      const events = await sendStreamed(t, u, sessionId, 'is there a real person who can listen to my call recordings?');
      expect(events.at(-1)?.event).toBe('done');
      expect((events.at(-1)?.data.coaching as { method?: string } | undefined)?.method).toBeUndefined();
      const after = await send(t, u, sessionId, 'Give me another tip');
      expect(after.statusCode).toBe(200);
      expect(after.json().messages.at(-1).content).not.toContain('coaching team');
      expect(await t.db.select().from(aiEscalations).where(eq(aiEscalations.chatSessionId, chatId))).toHaveLength(2);
      expect((await storedMessages(t, sessionId)).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    });
  }
});
