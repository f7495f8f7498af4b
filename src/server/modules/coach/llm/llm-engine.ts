/**
 * The LLM coach engine (DECISIONS §6): any OpenAI-compatible chat endpoint, driven through the
 * AI SDK with the same playbook and knowledge as the built-in engine. The reply text streams;
 * the diagnosis and the tappable options come back through one `finish_reply` tool call that
 * the model makes after writing its text. Citations of titles that were not among the passages
 * sent are dropped as the text streams (citations.ts).
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText, tool, type LanguageModel, type ModelMessage } from 'ai';
import { z } from 'zod';
import { STAGES, TOPICS, type Coaching, type Stage, type Topic } from '../../../../shared/coaching.js';
import {
  CoachUnavailableError,
  type CoachContext,
  type CoachEngine,
  type CoachReply,
  type CoachStream,
  type EngineState,
  type HistoryMessage,
} from '../engine.js';
import { TextChannel } from '../text-channel.js';
import { CitationFilter } from './citations.js';
import { FINISH_TOOL_NAME, buildSystemPrompt, titlesSent } from './prompt.js';

interface CommonOptions {
  /** The whole call, retries included, must end within this. Default 30 s. */
  timeoutMs?: number;
  /**
   * Retries of the initial request on 408/409/429/5xx and network errors (AI SDK backoff: 2 s,
   * then 4 s), all inside `timeoutMs`. Default 1: one blip is worth hiding from the rep, a longer
   * outage is better told to them quickly.
   */
  maxRetries?: number;
}

export type LlmEngineOptions =
  | (CommonOptions & { baseURL: string; apiKey?: string; model: string; fetch?: typeof fetch })
  | (CommonOptions & { languageModel: LanguageModel });

export const COACH_UNAVAILABLE_MESSAGE = 'The AI coach is unavailable right now. Please try again in a moment.';

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 1;
/** Enough context for the thread without letting a long conversation grow the prompt forever. */
const MAX_HISTORY_MESSAGES = 20;
const HISTORY_MESSAGE_MAX_CHARS = 4_000;
const OPTION_MAX_CHARS = 80;
const MAX_OPTIONS = 4;
const METHOD_MAX_CHARS = 120;
/** Below this the reply counts as unsure; two unsure replies in a row call in a person (§6). */
const LOW_CONFIDENCE = 0.4;
/** Used when the model skips or garbles `finish_reply`: we cannot tell, so neither sure nor unsure. */
const FALLBACK_CONFIDENCE = 0.5;
/** Said when the model wrote no text at all (e.g. only called the tool), so the rep is never left with an empty bubble. */
const EMPTY_REPLY_TEXT = "Sorry, I couldn't put an answer together. Could you tell me a bit more about the call you want help with?";
const EMPTY_REPLY_CONFIDENCE = 0.2;
/**
 * Offered when the model gave no options (skipped or garbled `finish_reply`), so the rep always has
 * something to tap: after advice, the usual next steps; after a question, a way past it.
 */
const NEXT_STEP_OPTIONS = ['Give me another tip', 'Role-play this with me', 'I have a different problem'];
const AFTER_QUESTION_OPTIONS = ['Just give me a tip', 'I have a different problem'];

const finishReplyTool = tool({
  description:
    'Call once, after writing your reply text, with your diagnosis of the rep\'s problem and the tappable options to show under your reply.',
  inputSchema: z.object({
    stage: z.enum(STAGES).describe('Where the rep\'s call breaks down; general when unknown or not about a call stage.'),
    topics: z.array(z.enum(TOPICS)).min(1).describe('The topics of the problem, most likely first.'),
    method: z.string().optional().describe('The named method you coached with, if any.'),
    options: z.array(z.string().max(OPTION_MAX_CHARS)).max(MAX_OPTIONS).describe('Up to 4 short replies the rep can tap.'),
    confidence: z.number().min(0).max(1).describe('How sure you are that you understood what the rep needs.'),
    needsHuman: z.boolean().describe('True when a person from the coaching team should take over.'),
  }),
});

/** What the engine stores with its own messages, to notice two unsure replies in a row. */
interface LlmState extends EngineState {
  engine: 'llm';
  confidence: number;
  escalated: boolean;
}

interface Finish {
  coaching: Coaching;
  options: string[];
  confidence: number;
  needsHuman: boolean;
}

export function createLlmEngine(options: LlmEngineOptions): CoachEngine {
  const model: LanguageModel =
    'languageModel' in options
      ? options.languageModel
      : createOpenAICompatible({
          name: 'coach',
          baseURL: options.baseURL,
          ...(options.apiKey ? { apiKey: options.apiKey } : {}),
          ...(options.fetch ? { fetch: options.fetch } : {}),
        }).chatModel(options.model);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;

  function stream(ctx: CoachContext, signal?: AbortSignal): CoachStream {
    const text = new TextChannel();
    const reply = run(ctx, signal, text);
    // The consumer may await only the text or only the reply; the other must not surface as an
    // unhandled rejection. Catching a branch marks the promise handled; awaiting it still rejects.
    reply.catch(() => undefined);
    return { textStream: text, reply };
  }

  async function run(ctx: CoachContext, callerSignal: AbortSignal | undefined, text: TextChannel): Promise<CoachReply> {
    // One deadline for the whole call, so a stalled provider (headers sent, body never) still ends.
    const timeout = AbortSignal.timeout(timeoutMs);
    const abortSignal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    let content = '';
    let finishInput: unknown;
    const citations = new CitationFilter(titlesSent(ctx.knowledge));
    const write = (piece: string) => {
      if (!piece) return;
      content += piece;
      text.push(piece);
    };
    try {
      const result = streamText({
        model,
        system: buildSystemPrompt(ctx.profile, ctx.knowledge),
        messages: toModelMessages(ctx.history, ctx.message),
        tools: { [FINISH_TOOL_NAME]: finishReplyTool },
        toolChoice: 'auto',
        maxRetries,
        abortSignal,
        // Errors are read from fullStream below; the default handler would only log them again.
        onError: () => undefined,
      });
      for await (const part of untilAborted(result.fullStream, abortSignal)) {
        if (part.type === 'text-delta') {
          if (part.text) write(citations.push(part.text));
        } else if (part.type === 'tool-call') {
          // The first call wins; an invalid one (schema mismatch) still carries the model's raw
          // input, which readFinish salvages field by field.
          if (part.toolName === FINISH_TOOL_NAME && finishInput === undefined) finishInput = part.input ?? null;
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'abort') {
          throw abortSignal.reason ?? new Error('The coach call was aborted');
        }
      }
      // Some aborts end the stream quietly; a cut-off reply must not pass for a whole one.
      if (abortSignal.aborted) throw abortSignal.reason;
      write(citations.flush());
    } catch (error) {
      const unavailable = new CoachUnavailableError(COACH_UNAVAILABLE_MESSAGE, { cause: error });
      text.fail(unavailable);
      throw unavailable;
    }

    const finish = readFinish(finishInput);
    if (!content.trim()) {
      content = EMPTY_REPLY_TEXT;
      text.push(EMPTY_REPLY_TEXT);
      finish.confidence = Math.min(finish.confidence, EMPTY_REPLY_CONFIDENCE);
    }
    if (finish.options.length === 0) finish.options = endsWithQuestion(content) ? [...AFTER_QUESTION_OPTIONS] : [...NEXT_STEP_OPTIONS];
    text.close();

    const unsureTwice = finish.confidence < LOW_CONFIDENCE && previousReplyWasUnsure(ctx.history);
    const escalation: CoachReply['escalation'] = finish.needsHuman
      ? { reason: 'The coach model asked for a person to take over', priority: 'normal' }
      : unsureTwice
        ? { reason: 'The coach model was unsure what the rep needs twice in a row', priority: 'normal' }
        : undefined;
    const state: LlmState = { engine: 'llm', confidence: finish.confidence, escalated: escalation !== undefined };
    return {
      content,
      options: finish.options,
      coaching: finish.coaching,
      state,
      confidence: finish.confidence,
      ...(escalation ? { escalation } : {}),
    };
  }

  return {
    name: 'llm',
    stream,
    reply: (ctx, signal) => stream(ctx, signal).reply,
  };
}

/**
 * The conversation as model messages: the team's replies count as the assistant's side; consecutive
 * turns of one role are merged and a leading assistant turn dropped, because several local chat
 * templates (Mistral, Llama) reject anything but strict user/assistant alternation.
 */
export function toModelMessages(history: HistoryMessage[], message: string): ModelMessage[] {
  const turns: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  const add = (role: 'user' | 'assistant', raw: string) => {
    const content = clip(raw.trim(), HISTORY_MESSAGE_MAX_CHARS);
    if (!content) return;
    const last = turns.at(-1);
    if (last && last.role === role) last.content += `\n\n${content}`;
    else if (last || role === 'user') turns.push({ role, content });
  };
  for (const entry of history.slice(-MAX_HISTORY_MESSAGES)) add(entry.role === 'user' ? 'user' : 'assistant', entry.content);
  add('user', message);
  return turns.map((turn): ModelMessage => (turn.role === 'user' ? { role: 'user', content: turn.content } : { role: 'assistant', content: turn.content }));
}

/**
 * Reads the `finish_reply` input leniently: each field that is missing or invalid falls back on
 * its own (stage general, no topics, no options, confidence 0.5), so one bad topic name does not
 * throw away a good diagnosis and options.
 */
export function readFinish(input: unknown): Finish {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      value = undefined;
    }
  }
  const record: Record<string, unknown> = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

  const stage: Stage = isStage(record.stage) ? record.stage : 'general';
  const topics: Topic[] = Array.isArray(record.topics) ? [...new Set(record.topics.filter(isTopic))] : [];
  const method = typeof record.method === 'string' && record.method.trim() ? clip(record.method.trim(), METHOD_MAX_CHARS) : undefined;
  const options = Array.isArray(record.options)
    ? [
        ...new Set(
          record.options
            .filter((option): option is string => typeof option === 'string')
            .map((option) => clip(option.replace(/\s+/g, ' ').trim(), OPTION_MAX_CHARS))
            .filter(Boolean),
        ),
      ].slice(0, MAX_OPTIONS)
    : [];
  const confidence =
    typeof record.confidence === 'number' && Number.isFinite(record.confidence)
      ? Math.min(1, Math.max(0, record.confidence))
      : FALLBACK_CONFIDENCE;

  return {
    coaching: method ? { stage, topics, method } : { stage, topics },
    options,
    confidence,
    needsHuman: record.needsHuman === true,
  };
}

function previousReplyWasUnsure(history: HistoryMessage[]): boolean {
  const previous = history.findLast((entry) => entry.role !== 'user');
  // A team reply in between means a person already answered: start counting again.
  if (!previous || previous.role !== 'assistant' || !previous.state) return false;
  const state = previous.state;
  return state.engine === 'llm' && typeof state.confidence === 'number' && state.confidence < LOW_CONFIDENCE && state.escalated !== true;
}

/**
 * Iterates a stream but stops at the signal even if the stream ignores it: the HTTP provider
 * honours the abort, but a model that does not (a custom or mock model, a wedged body) must not be
 * able to keep a rep waiting past the deadline.
 */
async function* untilAborted<T>(stream: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const iterator = stream[Symbol.asyncIterator]();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason ?? new Error('The coach call was aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  // Only raced below; without this a rejection after the loop ends would count as unhandled.
  aborted.catch(() => undefined);
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
    // Not awaited: a stream that ignored the abort may never settle its cancellation either.
    iterator.return?.()?.catch(() => undefined);
  }
}

function endsWithQuestion(text: string): boolean {
  return /\?[\s*_)"”]*$/.test(text.trim());
}

function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

function isTopic(value: unknown): value is Topic {
  return typeof value === 'string' && (TOPICS as readonly string[]).includes(value);
}

function clip(value: string, maxChars: number): string {
  return value.length > maxChars ? `${value.slice(0, maxChars - 1)}…` : value;
}
