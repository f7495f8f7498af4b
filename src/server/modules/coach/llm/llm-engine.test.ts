import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FINISH_ARGS, goodAnswer, startFakeProvider, type FakeProvider } from '../../../test/fake-model-provider.js';
import { CoachUnavailableError, type CoachContext, type CoachStream, type HistoryMessage } from '../engine.js';
import { SCENE_OPTIONS } from '../vocabulary.js';
import { createLlmEngine, GO_ON, INCOMPLETE_NOTE, type LlmEngineOptions, type LlmState } from './llm-engine.js';
import { createChatClient } from './provider.js';

function context(overrides: Partial<CoachContext> = {}): CoachContext {
  return {
    profile: {
      username: 'rep1',
      industry: 'Home solar',
      product: 'SunPeak rooftop panels',
      salesExperience: '1-2 years',
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

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const engine = (options: Partial<LlmEngineOptions> = {}, headers: Record<string, string> = {}) =>
  createLlmEngine({
    client: createChatClient({ baseURL: fake.baseURL, apiKey: 'sk-test', model: 'fake-coach', headers }),
    timeouts: { firstTokenMs: 1_000, betweenChunksMs: 500, totalMs: 10_000 },
    diagnose: () => ({ stage: 'middle', topics: ['objection_handling'] }),
    ...options,
  });

async function read(stream: CoachStream): Promise<{ text: string; reply: Awaited<CoachStream['reply']> }> {
  let text = '';
  for await (const chunk of stream.textStream) text += chunk;
  return { text, reply: await stream.reply };
}

const ADVICE = 'Ask an Implication question: "What does another year of those bills cost you?" Then stop talking and let them answer.';

describe('a well-behaved model', () => {
  it('streams the text, reads the finish call, and reports tokens and timing', async () => {
    fake.behave(goodAnswer(ADVICE));
    const { text, reply } = await read(engine({}, { 'x-gateway-team': 'coach' }).stream(context()));
    expect(text).toBe(ADVICE);
    expect(reply.content).toBe(ADVICE);
    expect(reply.coaching).toEqual({ stage: 'middle', topics: ['objection_handling'], method: 'SPIN: Implication questions' });
    expect(reply.options).toEqual(FINISH_ARGS.options);
    expect(reply.escalation).toBeUndefined();
    expect(reply.report).toMatchObject({ engine: 'llm', outcome: 'complete', model: 'fake-coach', promptTokens: 1200, completionTokens: 90, cachedTokens: 1000, finishReason: 'tool_calls' });
    expect(reply.report?.firstTextMs).toBeGreaterThanOrEqual(0);

    const request = fake.requests[0];
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.headers['x-gateway-team']).toBe('coach');
    expect(request?.body).toMatchObject({ model: 'fake-coach', stream: true, max_tokens: 800, temperature: 0.5, tool_choice: 'auto', stream_options: { include_usage: true } });
  });

  it('accepts a gateway that ignores stream: true and answers one JSON completion', async () => {
    fake.behave({ ...goodAnswer(ADVICE), answer: { ...(goodAnswer(ADVICE) as { answer: object }).answer, json: true } } as never);
    const { reply } = await read(engine().stream(context()));
    expect(reply.content).toBe(ADVICE);
    expect(reply.coaching.method).toBe('SPIN: Implication questions');
  });

  it('is slow but healthy: a reply taking longer than every timeout but never pausing past one is kept whole', async () => {
    fake.behave(goodAnswer(ADVICE, FINISH_ARGS, { chunkDelayMs: 150, pieceChars: 8, delayMs: 600 }));
    const started = Date.now();
    const { reply } = await read(engine().stream(context()));
    expect(Date.now() - started).toBeGreaterThan(1_500);
    expect(reply.content).toBe(ADVICE);
    expect(reply.report?.outcome).toBe('complete');
  });
});

describe('replies in the wrong shape', () => {
  it('a tool call and no text: asked again for the text alone, once', async () => {
    fake.behave((index) => (index === 0 ? { kind: 'answer', answer: { toolCalls: [{ name: 'finish_reply', arguments: FINISH_ARGS }] } } : { kind: 'answer', answer: { content: ADVICE } }));
    const { text, reply } = await read(engine().stream(context()));
    expect(text).toBe(ADVICE);
    expect(reply.content).toBe(ADVICE);
    expect(reply.coaching.method).toBe('SPIN: Implication questions');
    expect(reply.report?.reasked).toBe(true);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.body.tool_choice).toBe('none');
    expect(fake.requests[1]?.body.messages.at(-1)).toMatchObject({ role: 'tool' });
    expect(reply.escalation).toBeUndefined();
  });

  it('a tool call and no text, twice: the turn fails (for the built-in coach), and asks for no person', async () => {
    fake.behave({ kind: 'answer', answer: { toolCalls: [{ name: 'finish_reply', arguments: { ...FINISH_ARGS, confidence: 0.1 } }] } });
    const stream = engine().stream(context());
    await expect(stream.reply).rejects.toBeInstanceOf(CoachUnavailableError);
    await expect(stream.reply).rejects.toMatchObject({ report: { outcome: 'failed', reason: 'the model wrote no text', reasked: true } });
  });

  it('a reply written inside the tool call is shown', async () => {
    fake.behave({ kind: 'answer', answer: { toolCalls: [{ name: 'finish_reply', arguments: { ...FINISH_ARGS, reply: ADVICE } }] } });
    const { reply } = await read(engine().stream(context()));
    expect(reply.content).toBe(ADVICE);
    expect(fake.requests).toHaveLength(1);
  });

  for (const [name, trailer] of [
    ['a ```json block', `\n\n\`\`\`json\n${JSON.stringify({ name: 'finish_reply', arguments: FINISH_ARGS })}\n\`\`\``],
    ['<tool_call> tags', `\n<tool_call>${JSON.stringify({ name: 'finish_reply', arguments: FINISH_ARGS })}</tool_call>`],
  ] as const) {
    it(`a tool call written into the text as ${name}: never shown or stored, and read`, async () => {
      fake.behave({ kind: 'answer', answer: { content: `${ADVICE}${trailer}`, pieceChars: 5 } });
      const { text, reply } = await read(engine().stream(context()));
      expect(text.trim()).toBe(ADVICE);
      expect(reply.content).toBe(ADVICE);
      expect(reply.coaching.method).toBe('SPIN: Implication questions');
      expect(reply.options).toEqual(FINISH_ARGS.options);
    });
  }

  it('<think> is never shown, stored, or sent back', async () => {
    fake.behave(goodAnswer(`<think>The rep sells solar; they want a line about cost.</think>${ADVICE}`, FINISH_ARGS, { pieceChars: 4 }));
    const { text, reply } = await read(engine().stream(context()));
    expect(text).toBe(ADVICE);
    expect(reply.content).toBe(ADVICE);
    expect(JSON.stringify(reply)).not.toContain('they want a line');
  });

  it('out of tokens: cut at its last whole sentence, marked, with Go on; never stored as whole', async () => {
    fake.behave({ kind: 'answer', answer: { content: `${ADVICE} And when they push back on the monthly numb`, finishReason: 'length' } });
    const { reply } = await read(engine().stream(context()));
    expect(reply.content).toBe(`${ADVICE}\n\n${INCOMPLETE_NOTE}`);
    expect(reply.options[0]).toBe(GO_ON);
    expect((reply.state as LlmState).incomplete).toBe(true);
    expect(reply.report).toMatchObject({ outcome: 'incomplete', finishReason: 'length' });
  });

  it('no diagnosis at all: the built-in classifier fills it in, and the usual options are offered', async () => {
    fake.behave({ kind: 'answer', answer: { content: ADVICE } });
    const { reply } = await read(engine().stream(context()));
    expect(reply.coaching).toEqual({ stage: 'middle', topics: ['objection_handling'] });
    expect(reply.options).toEqual(['Give me another tip', 'Role-play this with me', 'I have a different problem']);
    expect(reply.escalation).toBeUndefined();
  });
});

describe('time', () => {
  it('no first token within the first-token timeout: fails then, not at the whole-reply cap', async () => {
    fake.behave({ kind: 'hang' });
    const started = Date.now();
    await expect(engine().stream(context()).reply).rejects.toMatchObject({ report: { outcome: 'failed' } });
    expect(Date.now() - started).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.requests[0]?.closedEarly).toBe(true);
  });

  it('a stall after a few words fails the turn; a stall after most of a reply keeps it, cut and marked', async () => {
    fake.behave({ kind: 'answer', answer: { content: ADVICE, stallAfterChars: 20 } });
    await expect(engine().stream(context()).reply).rejects.toMatchObject({ report: { reason: expect.stringContaining('stall') } });

    const long = `${ADVICE} ${ADVICE} Then book the next step before you leave the kitchen table.`;
    fake.behave({ kind: 'answer', answer: { content: long, stallAfterChars: long.length - 20 } });
    const { reply } = await read(engine().stream(context()));
    expect(reply.content).toBe(`${ADVICE} ${ADVICE}\n\n${INCOMPLETE_NOTE}`);
    expect(reply.report?.outcome).toBe('incomplete');
  });

  it('a 429 whose Retry-After does not fit in the first-token time fails at once; a short one is waited out', async () => {
    fake.behave({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    const started = Date.now();
    await expect(engine().stream(context()).reply).rejects.toMatchObject({ report: { reason: expect.stringContaining('429') } });
    expect(Date.now() - started).toBeLessThan(500);

    fake.requests.length = 0;
    fake.behave((index) => (index === 0 ? { kind: 'status', status: 429, headers: { 'retry-after-ms': '100' } } : goodAnswer(ADVICE)));
    const { reply } = await read(engine().stream(context()));
    expect(reply.content).toBe(ADVICE);
    expect(fake.requests).toHaveLength(2);
  });

  it('stops the model call when the caller aborts', async () => {
    fake.behave(goodAnswer(ADVICE, FINISH_ARGS, { chunkDelayMs: 100, pieceChars: 4 }));
    const controller = new AbortController();
    const stream = engine().stream(context(), controller.signal);
    setTimeout(() => controller.abort(), 250);
    await expect(stream.reply).rejects.toMatchObject({ report: { outcome: 'aborted' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.requests[0]?.closedEarly).toBe(true);
  });
});

describe('servers without tools', () => {
  it('a server that refuses tools: the engine goes over to the plain-text trailer and says so', async () => {
    const changes: string[] = [];
    fake.behave((_index, request) =>
      request.body.tools
        ? { kind: 'status', status: 400, body: { error: { message: 'registry.ollama.ai/library/gemma does not support tools' } } }
        : { kind: 'answer', answer: { content: `${ADVICE}\n<reply-data>\nstage: close\ntopics: closing\nmethod: Summary close\noptions: Role-play it | Next tip\n</reply-data>` } },
    );
    const coach = engine({ onOutputChange: (output) => changes.push(output) });
    const { text, reply } = await read(coach.stream(context()));
    expect(text.trim()).toBe(ADVICE);
    expect(reply.coaching).toEqual({ stage: 'close', topics: ['closing'], method: 'Summary close' });
    expect(reply.options).toEqual(['Role-play it', 'Next tip']);
    expect(changes).toEqual(['text']);
    expect(coach.describe?.().output).toBe('plain-text trailer');
    expect(fake.requests.at(-1)?.body.messages[0]?.content).toContain('<reply-data>');

    // For good: the next turn does not try tools again.
    fake.requests.length = 0;
    await read(coach.stream(context()));
    expect(fake.requests).toHaveLength(1);
  });

  it('COACH_OUTPUT=text from the start: no tools are sent, and a bare trailer without its tags is still read', async () => {
    fake.behave({ kind: 'answer', answer: { content: `${ADVICE}\n\nstage: close\ntopics: closing\noptions: Role-play it` } });
    const { reply } = await read(engine({ output: 'text' }).stream(context()));
    expect(fake.requests[0]?.body.tools).toBeUndefined();
    expect(reply.content).toBe(ADVICE);
    expect(reply.coaching.stage).toBe('close');
    expect(reply.options).toEqual(['Role-play it']);
  });

  it("a server that refuses stream_options is asked again without them", async () => {
    fake.behave((_index, request) =>
      'stream_options' in request.body ? { kind: 'status', status: 400, body: { error: { message: 'Unrecognized request argument: stream_options' } } } : goodAnswer(ADVICE),
    );
    const { reply } = await read(engine().stream(context()));
    expect(reply.content).toBe(ADVICE);
  });
});

describe('escalation and role-play', () => {
  it('asks for a person when the model says so, or after two unsure replies of its own, never for a broken one', async () => {
    fake.behave(goodAnswer(ADVICE, { ...FINISH_ARGS, needsHuman: true }));
    expect((await read(engine().stream(context()))).reply.escalation?.reason).toContain('asked for a person');

    fake.behave(goodAnswer('Which part of the call is it?', { ...FINISH_ARGS, confidence: 0.2 }));
    const first = (await read(engine().stream(context()))).reply;
    expect(first.escalation).toBeUndefined();
    const history: HistoryMessage[] = [{ role: 'user', content: 'help' }, { role: 'assistant', content: first.content, coaching: first.coaching, options: first.options, state: first.state ?? null }];
    expect((await read(engine().stream(context({ history, message: 'idk' })))).reply.escalation?.reason).toContain('unsure');
  });

  it('keeps the scene: who it plays, the exchanges, the rep lines; the feedback turn ends it', async () => {
    const coach = engine();
    fake.behave(goodAnswer('*I am Dana, at her kitchen table.* "It is a lot of money."', { ...FINISH_ARGS, roleplay: 'start', buyer: 'Dana, the homeowner' }));
    const start = (await read(coach.stream(context({ message: 'can you be dana, the wife' })))).reply;
    expect((start.state as LlmState).scene).toMatchObject({ buyer: 'Dana, the homeowner', exchanges: 1, repLines: [] });
    expect(start.coaching.method).toBeUndefined();

    const history: HistoryMessage[] = [
      { role: 'user', content: 'can you be dana, the wife' },
      { role: 'assistant', content: start.content, coaching: start.coaching, options: start.options, state: start.state ?? null },
    ];
    // The model answers as Dana without saying so: the scene goes on, with the scene's options.
    fake.behave({ kind: 'answer', answer: { content: '"Okay... what would it cost us a month?"' } });
    const line = (await read(coach.stream(context({ history, message: 'totally fair dana, what worries you most?' })))).reply;
    expect((line.state as LlmState).scene).toMatchObject({ exchanges: 2, repLines: ['totally fair dana, what worries you most?'] });
    expect(line.options).toEqual(SCENE_OPTIONS);
    expect(String(fake.requests.at(-1)?.body.messages.at(-1)?.content)).toContain('Role-play in progress: you are playing Dana, the homeowner');

    history.push({ role: 'user', content: 'totally fair dana, what worries you most?' }, { role: 'assistant', content: line.content, coaching: line.coaching, options: line.options, state: line.state ?? null });
    fake.behave(goodAnswer('You asked what worried her: good. Next time, name the monthly number.', { ...FINISH_ARGS, roleplay: 'end', method: 'LAER' }));
    const end = (await read(coach.stream(context({ history, message: 'stop, how did i do' })))).reply;
    expect((end.state as LlmState).scene).toBeNull();
    // The stop request is not one of the rep's lines.
    expect(String(fake.requests.at(-1)?.body.messages.at(-1)?.content)).not.toContain('1. "stop, how did i do"');
  });
});

describe('the start-up check', () => {
  it('says nothing when the provider lists the model, and says what is wrong otherwise', async () => {
    expect(await createChatClient({ baseURL: fake.baseURL, model: 'fake-coach' }).probe(1_000)).toBeNull();
    expect(await createChatClient({ baseURL: fake.baseURL, model: 'gpt-5-typo' }).probe(1_000)).toBe('the model "gpt-5-typo" is not among the 1 the provider lists');
    const closed = await startFakeProvider();
    const gone = closed.baseURL;
    await closed.close();
    expect(await createChatClient({ baseURL: gone, model: 'fake-coach' }).probe(1_000)).toMatch(/^the provider could not be reached/);
  });

  it('names the engine, the model, the host only and the output mode for the start-up line', () => {
    expect(engine().describe?.()).toEqual({ provider: 'openai-compatible', model: 'fake-coach', host: new URL(fake.baseURL).host, output: 'tool calls' });
  });
});
