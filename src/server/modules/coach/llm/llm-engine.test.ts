import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { CoachUnavailableError, type CoachContext, type CoachStream, type HistoryMessage } from '../engine.js';
import { COACH_UNAVAILABLE_MESSAGE, createLlmEngine, toModelMessages } from './llm-engine.js';

// The provider-spec types, taken from the mock so the test needs no direct @ai-sdk/provider import.
type LanguageModelV3CallOptions = MockLanguageModelV3['doStreamCalls'][number];
type LanguageModelV3StreamPart =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;

const FINISH = {
  stage: 'middle',
  topics: ['objection_handling', 'closing'],
  method: 'SQUARE: Address objections',
  options: ['Role-play this objection', 'Help me with my close'],
  confidence: 0.85,
  needsHuman: false,
};

function context(overrides: Partial<CoachContext> = {}): CoachContext {
  return {
    profile: {
      username: 'rep1',
      industry: 'Home solar',
      product: 'SunPeak rooftop panels',
      salesExperience: '1-3 years',
      biggestStruggle: 'Price objections',
      targetIncome: 8000,
      currentIncome: 3000,
      city: 'Austin',
      state: 'TX',
    },
    history: [],
    message: 'They keep saying it is too expensive.',
    knowledge: [{ title: 'Handling the price objection', content: 'Acknowledge, then reframe cost as monthly savings.', rank: 1 }],
    ...overrides,
  };
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

function mockParts(deltas: string[], finishInput?: unknown): LanguageModelV3StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...deltas.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    ...(finishInput === undefined
      ? []
      : [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'finish_reply', input: JSON.stringify(finishInput) } as const]),
    { type: 'finish', usage, finishReason: { unified: finishInput === undefined ? 'stop' : 'tool-calls', raw: undefined } },
  ];
}

function mockModel(parts: LanguageModelV3StreamPart[]) {
  return new MockLanguageModelV3({
    doStream: async () => ({ stream: simulateReadableStream({ chunks: parts, chunkDelayInMs: 1 }) }),
  });
}

function systemPromptOf(call: LanguageModelV3CallOptions | undefined): string {
  const system = call?.prompt.find((message) => message.role === 'system');
  return system?.role === 'system' ? system.content : '';
}

async function collect(stream: CoachStream): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream.textStream) chunks.push(chunk);
  return chunks;
}

describe('LLM engine with the AI SDK mock model', () => {
  it('streams the text in order and parses finish_reply into the diagnosis', async () => {
    const deltas = ['**Acknowledge** the price, ', 'then ask a ', 'SPIN Implication question.'];
    const model = mockModel(mockParts(deltas, FINISH));
    const engine = createLlmEngine({ languageModel: model });

    const stream = engine.stream(context());
    const chunks = await collect(stream);
    const reply = await stream.reply;

    expect(engine.name).toBe('llm');
    // A trailing space waits for the next piece (it could lead into a citation); the text is the same.
    expect(chunks).toEqual(['**Acknowledge** the price,', ' then ask a', ' SPIN Implication question.']);
    expect(chunks.join('')).toBe(deltas.join(''));
    expect(reply.content).toBe(deltas.join(''));
    expect(reply.coaching).toEqual({ stage: 'middle', topics: ['objection_handling', 'closing'], method: 'SQUARE: Address objections' });
    expect(reply.options).toEqual(FINISH.options);
    expect(reply.confidence).toBe(0.85);
    expect(reply.escalation).toBeUndefined();

    const call = model.doStreamCalls[0];
    const system = systemPromptOf(call);
    expect(system).toContain('SunPeak rooftop panels');
    expect(system).toContain('Handling the price objection');
    expect(system).toContain('Set the stage');
    expect(system).toContain('Earn the commitment');
    expect(call?.tools?.map((t) => t.name)).toEqual(['finish_reply']);
    expect(call?.prompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'They keep saying it is too expensive.' }] });
  });

  it('falls back to a general diagnosis and the usual next steps when the model skips finish_reply', async () => {
    const engine = createLlmEngine({ languageModel: mockModel(mockParts(['Lead with the monthly savings, not the price.'])) });
    const reply = await engine.reply(context());
    expect(reply.content).toBe('Lead with the monthly savings, not the price.');
    expect(reply.coaching).toEqual({ stage: 'general', topics: [] });
    expect(reply.options).toEqual(['Give me another tip', 'Role-play this with me', 'I have a different problem']);
    expect(reply.confidence).toBe(0.5);
    expect(reply.escalation).toBeUndefined();
  });

  it('keeps the valid fields of an invalid finish_reply and drops the rest', async () => {
    const garbled = {
      stage: 'negotiation',
      topics: ['haggling', 'closing', 'closing'],
      options: ['One', 'Two', 'Three', 'Four', 'Five', 'x'.repeat(200)],
      confidence: 7,
      needsHuman: 'yes',
    };
    const engine = createLlmEngine({ languageModel: mockModel(mockParts(['Try a trial close.'], garbled)) });
    const reply = await engine.reply(context());
    expect(reply.content).toBe('Try a trial close.');
    expect(reply.coaching).toEqual({ stage: 'general', topics: ['closing'] });
    expect(reply.options).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(reply.confidence).toBe(1);
    expect(reply.escalation).toBeUndefined();
  });

  it('asks for a person when the model sets needsHuman', async () => {
    const engine = createLlmEngine({ languageModel: mockModel(mockParts(['A coach will follow up.'], { ...FINISH, needsHuman: true })) });
    const reply = await engine.reply(context());
    expect(reply.escalation).toEqual({ reason: 'The coach model asked for a person to take over', priority: 'normal' });
  });

  it('asks for a person after two unsure replies in a row, not after one', async () => {
    const unsure = { ...FINISH, confidence: 0.2 };
    const engine = createLlmEngine({ languageModel: mockModel(mockParts(['Can you say more?'], unsure)) });
    const first = await engine.reply(context());
    expect(first.escalation).toBeUndefined();

    const history: HistoryMessage[] = [
      { role: 'user', content: 'help' },
      { role: 'assistant', content: first.content, state: first.state ?? null },
    ];
    const engine2 = createLlmEngine({ languageModel: mockModel(mockParts(['Can you say more?'], unsure)) });
    const second = await engine2.reply(context({ history }));
    expect(second.escalation?.priority).toBe('normal');
  });

  it('never leaves the rep with an empty reply', async () => {
    const engine = createLlmEngine({ languageModel: mockModel(mockParts([], FINISH)) });
    const stream = engine.stream(context());
    const chunks = await collect(stream);
    const reply = await stream.reply;
    expect(reply.content.length).toBeGreaterThan(0);
    expect(chunks.join('')).toBe(reply.content);
    expect(reply.confidence).toBeLessThan(0.4);
  });

  it('turns a model error into CoachUnavailableError on both the text and the reply', async () => {
    const failing = () =>
      new MockLanguageModelV3({
        doStream: async () => {
          throw new Error('boom');
        },
      });
    await expect(createLlmEngine({ languageModel: failing(), maxRetries: 0 }).reply(context())).rejects.toThrow(COACH_UNAVAILABLE_MESSAGE);

    const stream = createLlmEngine({ languageModel: failing(), maxRetries: 0 }).stream(context());
    await expect(collect(stream)).rejects.toBeInstanceOf(CoachUnavailableError);
    await expect(stream.reply).rejects.toBeInstanceOf(CoachUnavailableError);
  });

  it('fails mid-stream after the text written so far', async () => {
    const parts: LanguageModelV3StreamPart[] = [
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Start ' },
      { type: 'error', error: new Error('provider hiccup') },
    ];
    const stream = createLlmEngine({ languageModel: mockModel(parts) }).stream(context());
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream.textStream) seen.push(chunk);
      })(),
    ).rejects.toBeInstanceOf(CoachUnavailableError);
    expect(seen).toEqual(['Start']);
    await expect(stream.reply).rejects.toBeInstanceOf(CoachUnavailableError);
  });

  it('ends when the caller aborts', async () => {
    const stalled = new MockLanguageModelV3({
      doStream: async () => ({ stream: new ReadableStream<LanguageModelV3StreamPart>({ start() {} }) }),
    });
    const controller = new AbortController();
    const stream = createLlmEngine({ languageModel: stalled }).stream(context(), controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(stream.reply).rejects.toBeInstanceOf(CoachUnavailableError);
  });

  it('ends a stalled model by timeoutMs even if the model ignores the abort signal', async () => {
    const stalled = new MockLanguageModelV3({
      doStream: async () => ({ stream: new ReadableStream<LanguageModelV3StreamPart>({ start() {} }) }),
    });
    const started = Date.now();
    const stream = createLlmEngine({ languageModel: stalled, timeoutMs: 200 }).stream(context());
    await expect(collect(stream)).rejects.toBeInstanceOf(CoachUnavailableError);
    await expect(stream.reply).rejects.toBeInstanceOf(CoachUnavailableError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('leaves no unhandled rejection when only one side is awaited', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failing = new MockLanguageModelV3({
        doStream: async () => {
          throw new Error('boom');
        },
      });
      const engine = createLlmEngine({ languageModel: failing, maxRetries: 0 });
      await expect(collect(engine.stream(context()))).rejects.toBeInstanceOf(CoachUnavailableError);
      const onlyReply = engine.stream(context());
      await expect(onlyReply.reply).rejects.toBeInstanceOf(CoachUnavailableError);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('citations and options the model leaves out', () => {
  const knowledge = [
    { title: 'Objection handling › Price', content: 'Acknowledge, then reframe cost as monthly savings.', rank: 1 },
    { title: 'Closing › Trial close', content: 'Ask for a small yes first.', rank: 0.5 },
  ];
  const text = 'Reframe the cost as savings *(from "Objection handling › Price")*. Then try a trial close *(from "Trial close")*. Use the 3-step rebuttal *(from "The Wolf of Wall Street Playbook")*. (Ask it softly.)';
  const expected = 'Reframe the cost as savings *(from "Objection handling › Price")*. Then try a trial close *(from "Trial close")*. Use the 3-step rebuttal. (Ask it softly.)';

  it('keeps a citation only when its title was among the passages sent', async () => {
    const engine = createLlmEngine({ languageModel: mockModel(mockParts([text], FINISH)) });
    const stream = engine.stream(context({ knowledge }));
    const chunks = await collect(stream);
    const reply = await stream.reply;
    expect(reply.content).toBe(expected);
    expect(chunks.join('')).toBe(reply.content);
  });

  it('filters the same way when the citation arrives one character at a time', async () => {
    const engine = createLlmEngine({ languageModel: mockModel(mockParts([...text], FINISH)) });
    const stream = engine.stream(context({ knowledge }));
    const chunks = await collect(stream);
    expect((await stream.reply).content).toBe(expected);
    expect(chunks.join('')).toBe(expected);
    // Held back only around a possible citation: most of the text still streams piece by piece.
    expect(chunks.length).toBeGreaterThan(50);
  });

  it('drops every citation when no passage was sent', async () => {
    const engine = createLlmEngine({ languageModel: mockModel(mockParts(['Use feel-felt-found _(from "Objection handling › Price")_.'], FINISH)) });
    expect((await engine.reply(context({ knowledge: [] }))).content).toBe('Use feel-felt-found.');
  });

  it('offers a way past its question when the model gives no options', async () => {
    const engine = createLlmEngine({ languageModel: mockModel(mockParts(['What does the buyer say right before they go quiet?'])) });
    const reply = await engine.reply(context());
    expect(reply.options).toEqual(['Just give me a tip', 'I have a different problem']);
  });
});

describe('the system prompt', () => {
  it('carries the listening, motion and role-play rules, the methods and the income as onboarding asks it', async () => {
    const model = mockModel(mockParts(['Ok.'], FINISH));
    await createLlmEngine({ languageModel: model }).reply(context());
    const system = systemPromptOf(model.doStreamCalls[0]);
    for (const rule of [
      'Never ask a question you already asked',
      'that is their answer',
      'The options you offered earlier are in the conversation',
      'different named technique',
      'exactly one question per turn',
      'no gatekeeper, LinkedIn or cold-email tips for a door-to-door or showroom rep',
      'no cold-call openers for a rep whose leads are inbound',
      "the rep's own buyer",
      '3–5 exchanges',
      'trust me',
      'a stronger version of one of their own lines',
      'biggest struggle',
      'Sandler pain funnel',
      'MEDDIC',
      'Challenger',
      'LAER',
      'SPIN Selling',
      'Commission/bonus last month: $3,000',
      'Commission/bonus target this month: $8,000',
    ]) {
      expect(system).toContain(rule);
    }
  });
});

describe('toModelMessages', () => {
  it('maps roles, merges runs of one role, drops a leading assistant turn and keeps the last 20', () => {
    const history: HistoryMessage[] = [
      { role: 'assistant', content: 'Welcome!' },
      { role: 'user', content: 'First' },
      { role: 'assistant', content: 'Coach says' },
      { role: 'team', content: 'Team says' },
    ];
    expect(toModelMessages(history, 'Now')).toEqual([
      { role: 'user', content: 'First' },
      { role: 'assistant', content: 'Coach says\n\nTeam says' },
      { role: 'user', content: 'Now' },
    ]);

    const long: HistoryMessage[] = Array.from({ length: 30 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `m${i}` }));
    const messages = toModelMessages(long, 'Now');
    expect(messages[0]).toEqual({ role: 'user', content: 'm10' });
    expect(messages).toHaveLength(21);
  });
});

// ---------------------------------------------------------------------------------------------
// A fake OpenAI-compatible server, to check the real provider path: HTTP, SSE, errors, timeouts.

type Mode = 'ok' | 'error500' | 'error401' | 'silent' | 'stall-after-first-chunk';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: { model?: string; stream?: boolean; messages?: Array<{ role: string; content: unknown }>; tools?: unknown[] };
}

const openServers: http.Server[] = [];
afterEach(async () => {
  for (const server of openServers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function sse(res: http.ServerResponse, payload: unknown): void {
  res.write(`data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`);
}

function chunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'fake-coach', choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

async function startFakeProvider(mode: Mode): Promise<{ baseURL: string; received: Received[] }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (data: Buffer) => (raw += data.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      received.push({ headers: req.headers, body: JSON.parse(raw) as Received['body'] });
      if (mode === 'silent') return; // accepted, never answered
      if (mode === 'error500' || mode === 'error401') {
        res.writeHead(mode === 'error500' ? 500 : 401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: mode === 'error500' ? 'internal error' : 'bad key', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      sse(res, chunk({ role: 'assistant', content: 'Ask an ' }));
      if (mode === 'stall-after-first-chunk') return;
      sse(res, chunk({ content: 'Implication question: ' }));
      sse(res, chunk({ content: '"What does waiting cost you?"' }));
      const args = JSON.stringify(FINISH);
      const half = Math.floor(args.length / 2);
      sse(res, chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'finish_reply', arguments: args.slice(0, half) } }] }));
      sse(res, chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }));
      sse(res, chunk({}, 'tool_calls'));
      sse(res, '[DONE]');
      res.end();
    });
  });
  openServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseURL: `http://127.0.0.1:${port}/v1`, received };
}

describe('LLM engine against an OpenAI-compatible HTTP server', () => {
  it('streams a full reply and sends the model, the key and the system prompt', async () => {
    const { baseURL, received } = await startFakeProvider('ok');
    const engine = createLlmEngine({ baseURL, apiKey: 'test', model: 'fake-coach' });

    const stream = engine.stream(context());
    const chunks = await collect(stream);
    const reply = await stream.reply;

    expect(chunks.join('')).toBe('Ask an Implication question: "What does waiting cost you?"');
    expect(chunks).toHaveLength(3);
    expect(reply.content).toBe('Ask an Implication question: "What does waiting cost you?"');
    expect(reply.coaching).toEqual({ stage: 'middle', topics: ['objection_handling', 'closing'], method: 'SQUARE: Address objections' });
    expect(reply.options).toEqual(FINISH.options);
    expect(reply.confidence).toBe(0.85);

    expect(received).toHaveLength(1);
    const request = received[0]!;
    expect(request.headers.authorization).toBe('Bearer test');
    expect(request.body.model).toBe('fake-coach');
    expect(request.body.stream).toBe(true);
    const system = request.body.messages?.find((message) => message.role === 'system');
    expect(system?.content).toEqual(expect.stringContaining('SunPeak rooftop panels'));
    expect(system?.content).toEqual(expect.stringContaining('Handling the price objection'));
    expect(request.body.messages?.at(-1)).toEqual({ role: 'user', content: 'They keep saying it is too expensive.' });
    expect(JSON.stringify(request.body.tools)).toContain('finish_reply');
  });

  it('turns a 500 answer into CoachUnavailableError', async () => {
    const { baseURL, received } = await startFakeProvider('error500');
    const engine = createLlmEngine({ baseURL, apiKey: 'test', model: 'fake-coach', maxRetries: 0 });
    await expect(engine.reply(context())).rejects.toBeInstanceOf(CoachUnavailableError);
    const stream = engine.stream(context());
    await expect(collect(stream)).rejects.toThrow(COACH_UNAVAILABLE_MESSAGE);
    await expect(stream.reply).rejects.toBeInstanceOf(CoachUnavailableError);
    expect(received).toHaveLength(2);
  });

  it('retries a 500 once by default, then gives up', async () => {
    const { baseURL, received } = await startFakeProvider('error500');
    const engine = createLlmEngine({ baseURL, apiKey: 'test', model: 'fake-coach' });
    await expect(engine.reply(context())).rejects.toBeInstanceOf(CoachUnavailableError);
    expect(received).toHaveLength(2);
  });

  it('does not retry a rejected key', async () => {
    const { baseURL, received } = await startFakeProvider('error401');
    const engine = createLlmEngine({ baseURL, apiKey: 'wrong', model: 'fake-coach' });
    await expect(engine.reply(context())).rejects.toBeInstanceOf(CoachUnavailableError);
    expect(received).toHaveLength(1);
  });

  it('gives up on a server that never answers within timeoutMs', async () => {
    const { baseURL, received } = await startFakeProvider('silent');
    const engine = createLlmEngine({ baseURL, apiKey: 'test', model: 'fake-coach', timeoutMs: 300 });
    const started = Date.now();
    const stream = engine.stream(context());
    await expect(collect(stream)).rejects.toBeInstanceOf(CoachUnavailableError);
    await expect(stream.reply).rejects.toBeInstanceOf(CoachUnavailableError);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(received).toHaveLength(1);
  });

  it('gives up on a stream that stalls half-way within timeoutMs', async () => {
    const { baseURL } = await startFakeProvider('stall-after-first-chunk');
    const engine = createLlmEngine({ baseURL, apiKey: 'test', model: 'fake-coach', timeoutMs: 300 });
    const started = Date.now();
    const stream = engine.stream(context());
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const text of stream.textStream) seen.push(text);
      })(),
    ).rejects.toBeInstanceOf(CoachUnavailableError);
    await expect(stream.reply).rejects.toBeInstanceOf(CoachUnavailableError);
    expect(seen).toEqual(['Ask an']);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('turns a refused connection into CoachUnavailableError', async () => {
    // Take a free port, then close it again so nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));

    const engine = createLlmEngine({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'test', model: 'fake-coach', maxRetries: 0 });
    const error: unknown = await engine.reply(context()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CoachUnavailableError);
    expect((error as Error).message).toBe(COACH_UNAVAILABLE_MESSAGE);
  });
});
