/**
 * The LLM coach engine (product §8.4, ADR 0013): any OpenAI-compatible chat endpoint, with the
 * same playbook and knowledge as the built-in coach. The reply text streams; the diagnosis, the
 * options and the role-play step come back through one `finish_reply` tool call after the text,
 * or, for models and servers without tools, through `<reply-data>` lines after it.
 *
 * A reply is never lost to its shape: thinking and tool calls written into the text are held
 * back (structure.ts); a model that only called the tool is asked again for its text; a reply cut
 * short (out of tokens, or the model went quiet after most of it) is kept, cut at its last whole
 * sentence and marked; a diagnosis the model left out is filled in by the built-in classifier.
 * Only a model that said next to nothing fails the turn, for the built-in coach to answer.
 */
import { TOPIC_STAGE, type Coaching, type Stage, type Topic } from '#shared/coaching.js';
import {
  CoachUnavailableError,
  type CoachContext,
  type CoachEngine,
  type CoachReply,
  type CoachStream,
  type CoachTurnReport,
  type EngineState,
  type HistoryMessage,
} from '../engine.js';
import { TextChannel } from '../text-channel.js';
import { AFTER_SCENE_OPTIONS, COACH_UNAVAILABLE_MESSAGE, DIFFERENT_PROBLEM, NEXT_STEP_OPTIONS, SCENE_OPTIONS } from '../vocabulary.js';
import { CitationFilter } from './citations.js';
import { FINISH_TOOL, FINISH_TOOL_NAME, SCENE_LINES_KEPT, SCENE_MAX_EXCHANGES, buildMessages, buildSystemPrompt, titlesSent, type OutputMode, type Scene } from './prompt.js';
import { ProviderError, type ChatClient, type ProviderEvent, type ProviderTimeouts, type Usage, type WireMessage } from './provider.js';
import { mergeData, readDataBlock, readToolArguments, type ReplyData, type RoleplayStep } from './reply-data.js';
import { ReplyFilter, splitBareTrailer } from './structure.js';

export interface LlmEngineOptions {
  client: ChatClient;
  /** How the model hands back its diagnosis: the finish_reply tool (default), or `<reply-data>` lines. */
  output?: OutputMode;
  timeouts?: Partial<ProviderTimeouts>;
  maxTokens?: number;
  temperature?: number;
  /** Send last month's and the target income, the city and the state (default true). */
  shareIncomeAndLocation?: boolean;
  /** The built-in classifier, for a diagnosis the model left out. */
  diagnose?: (message: string) => { stage: Stage; topics: Topic[] };
  /** Told when a server refused tools and the engine went over to the plain-text mode for good. */
  onOutputChange?: (output: OutputMode, reason: string) => void;
  now?: () => number;
}

export interface LlmEngine extends CoachEngine {
  /** A small request, for the circuit breaker's background retry: resolves when the model answered. */
  ping(): Promise<void>;
}

export const DEFAULT_TIMEOUTS: ProviderTimeouts = { firstTokenMs: 15_000, betweenChunksMs: 10_000, totalMs: 120_000 };
export const DEFAULT_MAX_TOKENS = 800;
export const DEFAULT_TEMPERATURE = 0.5;

/** Below this the reply counts as unsure; two unsure replies in a row call in a person (product §8.4). */
const LOW_CONFIDENCE = 0.4;
/** A reply cut off after at least this much text is kept (cut at its last sentence) rather than replaced. */
const KEEP_PARTIAL_MIN_CHARS = 160;
export const INCOMPLETE_NOTE = '*(The coach was cut off here. Tap "Go on" for the rest.)*';
export const GO_ON = 'Go on';
const AFTER_QUESTION_OPTIONS = ['Just give me a tip', DIFFERENT_PROBLEM];
const REASK =
  'The rep saw nothing: your reply had no text, only the tool call. Write your reply to the rep now, as plain text, and do not call the tool again.';
/** The rep stepping out of a scene, which is not one of their lines in it. */
const STOP_REQUEST = /^\W*(?:ok(?:ay)?\W+)?(?:stop|pause|end (?:it|the (?:scene|role ?play))|cut|enough|how did i do|that'?s enough)\b/i;

/** What the engine stores with its own messages. */
export interface LlmState extends EngineState {
  engine: 'llm';
  /** The model's own confidence, when it gave one. */
  confidence?: number;
  escalated: boolean;
  /** What this reply did in a role-play, for the history the model sees next. */
  roleplayStep: RoleplayStep;
  /** The scene in progress after this reply, or null. */
  scene: Scene | null;
  incomplete?: boolean;
}

/** The engine's state on an earlier message, when that message was the LLM engine's. */
export function llmStateOf(message: HistoryMessage | undefined): LlmState | null {
  const state = message?.state;
  return state && state.engine === 'llm' ? (state as LlmState) : null;
}

/** The text of one turn as it streams: thinking and structure held back, citations checked, timed. */
class TurnText {
  content = '';
  firstTextAt: number | undefined;
  private citations: CitationFilter;

  constructor(
    private readonly channel: TextChannel,
    private readonly titles: string[],
    private readonly now: () => number,
  ) {
    this.citations = new CitationFilter(titles);
  }

  write(piece: string): void {
    const shown = this.citations.push(piece);
    this.emit(shown);
  }

  /** The end of one model call's text (the citation filter lets go of what it held). */
  end(): void {
    this.emit(this.citations.flush());
  }

  /** What was shown was thinking: forget it (the stored message replaces it on screen). */
  reset(): void {
    this.content = '';
    this.citations = new CitationFilter(this.titles);
  }

  replace(content: string): void {
    this.content = content;
  }

  /** The stored text: citations of titles not sent removed with what led into them. */
  tidy(): string {
    return this.citations.tidy(this.content);
  }

  private emit(text: string): void {
    if (!text) return;
    this.firstTextAt ??= this.now();
    this.content += text;
    this.channel.push(text);
  }
}

/** The text up to its last whole sentence, for a reply that was cut off. */
export function cutToSentence(text: string): string {
  const trimmed = text.trim();
  let end = -1;
  for (const match of trimmed.matchAll(/[.!?…](?:["”'’*_)]*)(?=\s|$)/g)) end = match.index + match[0].length;
  const paragraph = trimmed.lastIndexOf('\n\n');
  end = Math.max(end, paragraph);
  return end > 0 ? trimmed.slice(0, end).trim() : `${trimmed}…`;
}

function endsWithQuestion(text: string): boolean {
  return /\?[\s*_)"”]*$/.test(text.trim());
}

function describeFailure(error: unknown): string {
  if (error instanceof ProviderError) return `${error.kind}${error.statusCode ? ` ${error.statusCode}` : ''}: ${error.message}`.slice(0, 300);
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}

/** A server that has no tool calls for this model says so with a 400 (Ollama, llama.cpp, some gateways). */
function refusesTools(error: unknown): boolean {
  return error instanceof ProviderError && error.kind === 'http' && (error.statusCode === 400 || error.statusCode === 422) && /tool|function/i.test(error.message);
}

export function createLlmEngine(options: LlmEngineOptions): LlmEngine {
  const { client } = options;
  const now = options.now ?? Date.now;
  const timeouts: ProviderTimeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  const temperature = options.temperature ?? DEFAULT_TEMPERATURE;
  const shareIncomeAndLocation = options.shareIncomeAndLocation ?? true;
  let output: OutputMode = options.output ?? 'tools';

  function stream(ctx: CoachContext, signal?: AbortSignal): CoachStream {
    const text = new TextChannel();
    const reply = run(ctx, signal, text);
    // The consumer may await only the text or only the reply; the other must not surface as an
    // unhandled rejection. Catching a branch marks the promise handled; awaiting it still rejects.
    reply.catch(() => undefined);
    return { textStream: text, reply };
  }

  async function run(ctx: CoachContext, signal: AbortSignal | undefined, channel: TextChannel): Promise<CoachReply> {
    const started = now();
    const previous = ctx.history.findLast((m) => m.role !== 'user');
    const prior = llmStateOf(previous);
    const sceneBefore = previous?.role === 'assistant' ? (prior?.scene ?? null) : null;
    const scene: Scene | null = sceneBefore
      ? { ...sceneBefore, repLines: STOP_REQUEST.test(ctx.message) ? sceneBefore.repLines : [...sceneBefore.repLines, ctx.message].slice(-SCENE_LINES_KEPT) }
      : null;
    const turn = new TurnText(channel, titlesSent(ctx.knowledge), now);
    let usage: Usage | undefined;
    let finishReason: string | undefined;
    let reasked = false;
    let incomplete: string | undefined;

    const report = (outcome: CoachTurnReport['outcome'], reason?: string): CoachTurnReport => ({
      engine: 'llm',
      outcome,
      ...(reason ? { reason } : {}),
      model: client.model,
      output,
      ...(turn.firstTextAt !== undefined ? { firstTextMs: turn.firstTextAt - started } : {}),
      totalMs: now() - started,
      ...(finishReason ? { finishReason } : {}),
      ...usage,
      ...(reasked ? { reasked } : {}),
    });
    const unavailable = (error: unknown): CoachUnavailableError => {
      const failure = new CoachUnavailableError(COACH_UNAVAILABLE_MESSAGE, { cause: error, report: report(signal?.aborted ? 'aborted' : 'failed', describeFailure(error)) });
      channel.fail(failure);
      return failure;
    };

    /** One model call; its text goes to the rep as it comes, its structured parts are returned. */
    const call = async (messages: WireMessage[], toolChoice: 'auto' | 'none', filter: ReplyFilter, calls: ProviderEvent[]) => {
      const events = client.complete(
        { messages, ...(output === 'tools' ? { tools: [FINISH_TOOL], toolChoice } : {}), maxTokens, temperature },
        timeouts,
        signal,
      );
      for await (const event of events) {
        if (event.type === 'text') {
          const out = filter.push(event.text);
          if (out.reset) turn.reset();
          turn.write(out.visible);
        } else if (event.type === 'tool-call') calls.push(event);
        else if (event.type === 'finish') {
          finishReason = event.reason;
          if (event.usage) usage = { ...event.usage };
        }
      }
    };
    /** Ends a call's text, whether it finished or broke off: what the filters held back is let go or kept as data. */
    const settle = (filter: ReplyFilter) => {
      const out = filter.flush();
      if (out.reset) turn.reset();
      turn.write(out.visible);
      turn.end();
    };

    let messages: WireMessage[] = [];
    const filter = new ReplyFilter();
    const calls: ProviderEvent[] = [];
    for (let attempt = 0; ; attempt++) {
      messages = buildMessages(buildSystemPrompt(ctx.profile, { output, shareIncomeAndLocation }), ctx, output, scene);
      try {
        await call(messages, 'auto', filter, calls);
        settle(filter);
        break;
      } catch (error) {
        if (signal?.aborted) throw unavailable(error);
        if (attempt === 0 && output === 'tools' && refusesTools(error) && !turn.content) {
          output = 'text';
          options.onOutputChange?.('text', describeFailure(error));
          continue;
        }
        settle(filter);
        if (turn.content.trim().length < KEEP_PARTIAL_MIN_CHARS) throw unavailable(error);
        incomplete = describeFailure(error);
        break;
      }
    }

    const finishCalls = () => calls.filter((c): c is Extract<ProviderEvent, { type: 'tool-call' }> => c.type === 'tool-call' && (c.name === FINISH_TOOL_NAME || c.name === ''));
    let data = mergeData(...finishCalls().map((c) => readToolArguments(c.arguments)), ...filter.data.map(readDataBlock));
    const bare = splitBareTrailer(turn.content);
    if (bare.trailer) {
      turn.replace(bare.content);
      data = mergeData(data, readDataBlock(bare.trailer));
    }
    if (!turn.content.trim() && data.text) {
      turn.write(data.text);
      turn.end();
    }

    // A model that only called the tool: asked once more, for the text alone.
    const onlyCall = finishCalls()[0];
    if (!turn.content.trim() && output === 'tools' && onlyCall && !incomplete) {
      reasked = true;
      const again = new ReplyFilter();
      const extra: ProviderEvent[] = [];
      const retry: WireMessage[] = [
        ...messages,
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_finish', type: 'function', function: { name: FINISH_TOOL_NAME, arguments: onlyCall.arguments || '{}' } }] },
        { role: 'tool', tool_call_id: 'call_finish', content: REASK },
      ];
      try {
        await call(retry, 'none', again, extra);
        settle(again);
      } catch (error) {
        if (signal?.aborted) throw unavailable(error);
        settle(again);
        if (turn.content.trim().length < KEEP_PARTIAL_MIN_CHARS) throw unavailable(error);
        incomplete = describeFailure(error);
      }
      data = mergeData(data, ...again.data.map(readDataBlock));
    }

    if (!turn.content.trim()) throw unavailable(new Error('the model wrote no text'));
    if (finishReason === 'length' && !incomplete) incomplete = 'the model ran out of tokens (max tokens)';

    let content = turn.tidy();
    if (incomplete) content = `${cutToSentence(content)}\n\n${INCOMPLETE_NOTE}`;
    channel.close();

    const { coaching, step, sceneAfter } = settleTurn(ctx, data, scene, prior, options.diagnose);
    const options_ = optionsFor(data, step, sceneAfter, content, incomplete !== undefined);
    const unsureTwice = data.confidence !== undefined && data.confidence < LOW_CONFIDENCE && prior?.confidence !== undefined && prior.confidence < LOW_CONFIDENCE && !prior.escalated;
    const escalation: CoachReply['escalation'] = data.needsHuman
      ? { reason: 'The coach model asked for a person to take over', priority: 'normal' }
      : unsureTwice
        ? { reason: 'The coach model was unsure what the rep needs twice in a row', priority: 'normal' }
        : undefined;
    const state: LlmState = {
      engine: 'llm',
      ...(data.confidence !== undefined ? { confidence: data.confidence } : {}),
      escalated: escalation !== undefined,
      roleplayStep: step,
      scene: sceneAfter,
      ...(incomplete ? { incomplete: true } : {}),
    };
    return {
      content,
      options: options_,
      coaching,
      state,
      confidence: data.confidence ?? 0.5,
      ...(escalation ? { escalation } : {}),
      // The model stepped out of a scene the rep said a line in: its feedback ends the scene (a lesson's drill is done).
      ...(step === 'end' && scene && scene.repLines.length > 0 ? { sceneEnded: true as const } : {}),
      report: report(incomplete ? 'incomplete' : 'complete', incomplete),
    };
  }

  async function ping(): Promise<void> {
    const events = client.complete(
      { messages: [{ role: 'system', content: 'Reply with the word OK.' }, { role: 'user', content: 'ping' }], maxTokens: 5, temperature: 0 },
      { firstTokenMs: Math.min(timeouts.firstTokenMs, 15_000), betweenChunksMs: timeouts.betweenChunksMs, totalMs: 30_000 },
    );
    for await (const event of events) if (event.type === 'finish') return;
  }

  return {
    name: 'llm',
    describe() {
      return { provider: 'openai-compatible', model: client.model, host: client.host, output: output === 'tools' ? 'tool calls' : 'plain-text trailer' };
    },
    checkReachable: () => client.probe(5_000),
    ping,
    stream,
    reply: (ctx, signal) => stream(ctx, signal).reply,
  };
}

/** The turn's diagnosis and role-play step, from what the model said and what the engine knows. */
function settleTurn(
  ctx: CoachContext,
  data: ReplyData,
  scene: Scene | null,
  prior: LlmState | null,
  diagnose: LlmEngineOptions['diagnose'],
): { coaching: Coaching; step: RoleplayStep; sceneAfter: Scene | null } {
  let step: RoleplayStep = data.roleplay ?? (scene ? (scene.exchanges > SCENE_MAX_EXCHANGES ? 'end' : 'continue') : 'none');
  // A model that plays on without having said it started: a scene all the same.
  if (step === 'continue' && !scene) step = 'start';
  if (step === 'end' && !scene && prior?.roleplayStep !== 'end') step = 'none';

  const earlier = ctx.history.findLast((m) => m.role === 'assistant' && m.coaching && m.coaching.topics.length > 0)?.coaching;
  const base: Coaching | undefined = scene?.coaching ?? undefined;
  let guessed: { stage: Stage; topics: Topic[] } | undefined;
  const guess = () => {
    guessed ??= diagnose?.(ctx.message) ?? { stage: 'general', topics: [] };
    return guessed;
  };
  const topics: Topic[] = data.topics ?? base?.topics ?? (guess().topics.length > 0 ? guess().topics.slice(0, 3) : (earlier?.topics ?? []));
  const stage: Stage = data.stage ?? base?.stage ?? (guess().stage !== 'general' ? guess().stage : topics[0] ? TOPIC_STAGE[topics[0]] : (earlier?.stage ?? 'general'));
  // Playing the buyer is not coaching with a method.
  const method = step === 'continue' || step === 'start' ? undefined : data.method;
  const coaching: Coaching = { stage, topics, ...(method ? { method } : {}), ...(step === 'none' ? {} : { rolePlay: true as const }) };

  let sceneAfter: Scene | null = null;
  if (step === 'start') sceneAfter = { buyer: data.buyer ?? 'the buyer', exchanges: 1, repLines: [], coaching: { stage, topics } };
  else if (step === 'continue' && scene) sceneAfter = { ...scene, exchanges: scene.exchanges + 1 };
  return { coaching, step, sceneAfter };
}

function optionsFor(data: ReplyData, step: RoleplayStep, scene: Scene | null, content: string, incomplete: boolean): string[] {
  const given = data.options && data.options.length > 0 ? data.options : undefined;
  let options: string[];
  if (scene) options = given ?? [...SCENE_OPTIONS];
  else if (step === 'end') options = given ?? [...AFTER_SCENE_OPTIONS];
  else options = given ?? (endsWithQuestion(content) ? AFTER_QUESTION_OPTIONS : [...NEXT_STEP_OPTIONS]);
  return incomplete ? [GO_ON, ...options.filter((o) => o !== GO_ON)].slice(0, 4) : options;
}
