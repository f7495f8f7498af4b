/**
 * A client for OpenAI-compatible chat completions, written for the ways real providers and local
 * servers misbehave (ADR 0013): it reads a streamed answer or a plain JSON one, whichever comes
 * back; it gives up on a model that has not started within the first-token timeout or has gone
 * quiet for the between-chunks timeout, instead of one deadline for the whole reply; it waits out
 * a 429's Retry-After only when that fits in the time left; and it reports reasoning as liveness,
 * never as text.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface WireTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatRequest {
  messages: WireMessage[];
  tools?: WireTool[];
  toolChoice?: 'auto' | 'none';
  maxTokens: number;
  temperature: number;
}

export interface Usage {
  promptTokens?: number;
  completionTokens?: number;
  /** Prompt tokens the provider served from its prompt cache, where it says. */
  cachedTokens?: number;
}

/** `unknown` when the stream ended without saying why (a server that omits finish_reason). */
export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'unknown';

export type ProviderEvent =
  | { type: 'text'; text: string }
  /**
   * Proof of life with nothing to show: the model is thinking (reasoning_content), writing a tool
   * call's arguments, or the server sent a chunk without text (the finish, the usage).
   */
  | { type: 'alive'; progress: boolean }
  | { type: 'tool-call'; name: string; arguments: string }
  | { type: 'finish'; reason: FinishReason; usage?: Usage };

export type ProviderFailure =
  /** The provider answered with an error status (the status is on the error). */
  | 'http'
  /** No connection, a reset, DNS. */
  | 'network'
  /** Nothing from the model within the first-token timeout. */
  | 'first-token'
  /** The model started, then went quiet for longer than the between-chunks timeout. */
  | 'stall'
  /** The whole-reply cap (COACH_TIMEOUT_MS) ran out. */
  | 'deadline'
  /** The body ended mid-answer (no finish reason, no [DONE]). */
  | 'cut'
  /** An answer that is neither a chat completion nor a stream of chunks. */
  | 'bad-response';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailure,
    message: string,
    readonly statusCode?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

export interface ProviderTimeouts {
  /** From the request until the model's first sign of life (text, reasoning or a tool call). */
  firstTokenMs: number;
  /** Between two pieces of the answer once it has started. */
  betweenChunksMs: number;
  /** The whole reply, retries included: a cap, far above a healthy answer. */
  totalMs: number;
}

export interface ProviderOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Sent with every request (a gateway's routing or billing headers). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Retries of a request refused with 408/409/429/5xx or a network error, within the first-token time. */
  maxRetries?: number;
  /** Clock and sleep, for tests. */
  now?: () => number;
}

export interface ChatClient {
  readonly model: string;
  readonly host: string;
  complete(request: ChatRequest, timeouts: ProviderTimeouts, signal?: AbortSignal): AsyncGenerator<ProviderEvent>;
  /** Asks the server for its models: null when it answered and lists this model (or lists none), else what is wrong. */
  probe(timeoutMs: number): Promise<string | null>;
}

const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const BACKOFF_MS = 500;
/** How much of a provider's error body is kept, for the log: never the request. */
const ERROR_BODY_CHARS = 300;

export function createChatClient(options: ProviderOptions): ChatClient {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const base = options.baseURL.replace(/\/+$/, '');
  const maxRetries = options.maxRetries ?? 2;
  // Some servers refuse stream_options (older vLLM, some gateways): dropped for good after one 400 about it.
  let sendStreamOptions = true;

  const headers = (): Record<string, string> => ({
    'content-type': 'application/json',
    accept: 'text/event-stream, application/json',
    ...options.headers,
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  });

  function body(request: ChatRequest): string {
    return JSON.stringify({
      model: options.model,
      messages: request.messages,
      stream: true,
      ...(sendStreamOptions ? { stream_options: { include_usage: true } } : {}),
      max_tokens: request.maxTokens,
      temperature: request.temperature,
      ...(request.tools?.length ? { tools: request.tools, tool_choice: request.toolChoice ?? 'auto' } : {}),
    });
  }

  async function* complete(request: ChatRequest, timeouts: ProviderTimeouts, signal?: AbortSignal): AsyncGenerator<ProviderEvent> {
    const started = now();
    const firstTokenBy = started + timeouts.firstTokenMs;
    const endBy = started + timeouts.totalMs;
    const controller = new AbortController();
    const abortFromCaller = () => controller.abort(signal?.reason);
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    signal?.addEventListener('abort', abortFromCaller, { once: true });

    // One timer at a time: the first token's, then each gap's, always capped by the whole reply's.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut: ProviderError | undefined;
    const arm = (until: number, failure: () => ProviderError) => {
      clearTimeout(timer);
      const at = Math.min(until, endBy);
      const error = at === endBy && until > endBy ? () => new ProviderError('deadline', `no complete answer within ${timeouts.totalMs} ms`) : failure;
      timer = setTimeout(() => {
        timedOut = error();
        controller.abort(timedOut);
      }, Math.max(0, at - now()));
    };
    const firstTokenFailure = () => new ProviderError('first-token', `no answer within ${timeouts.firstTokenMs} ms`);
    arm(firstTokenBy, firstTokenFailure);

    const fail = (error: unknown): never => {
      if (timedOut) throw timedOut;
      if (signal?.aborted) throw signal.reason ?? error;
      if (error instanceof ProviderError) throw error;
      throw new ProviderError('network', `the provider could not be reached: ${messageOf(error)}`, undefined, { cause: error });
    };

    try {
      let response: Response | undefined;
      for (let attempt = 0; ; attempt++) {
        try {
          response = await doFetch(`${base}/chat/completions`, { method: 'POST', headers: headers(), body: body(request), signal: controller.signal });
        } catch (error) {
          if (timedOut || signal?.aborted || attempt >= maxRetries) fail(error);
          await pause(BACKOFF_MS * 2 ** attempt, firstTokenBy, controller.signal, now, () => fail(error));
          continue;
        }
        if (response.ok) break;
        const text = await response.text().catch(() => '');
        if (response.status === 400 && sendStreamOptions && /stream_options/i.test(text)) {
          sendStreamOptions = false;
          continue;
        }
        const error = new ProviderError('http', `the provider answered ${response.status}: ${text.slice(0, ERROR_BODY_CHARS)}`, response.status);
        if (!RETRYABLE.has(response.status) || attempt >= maxRetries) throw error;
        // A wait the provider asks for is honoured only when it ends before the first-token time does.
        const wait = retryAfterMs(response.headers) ?? BACKOFF_MS * 2 ** attempt;
        if (now() + wait >= firstTokenBy) throw error;
        await pause(wait, firstTokenBy, controller.signal, now, () => fail(error));
      }
      if (!response.body) throw new ProviderError('bad-response', 'the provider sent no body');

      let started = false;
      const alive = () => {
        started = true;
        arm(now() + timeouts.betweenChunksMs, () => new ProviderError('stall', `the answer stopped for ${timeouts.betweenChunksMs} ms`));
      };
      for await (const event of readAnswer(response.body, response.headers.get('content-type') ?? '')) {
        // Until the model has written something, an empty chunk (the role, a keep-alive) does not count.
        if (event.type === 'text' || (event.type === 'alive' && (event.progress || started))) alive();
        yield event;
      }
    } catch (error) {
      fail(error);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abortFromCaller);
      // Stops the download when the caller stopped reading (a closed page, a deadline).
      controller.abort();
    }
  }

  async function probe(timeoutMs: number): Promise<string | null> {
    try {
      const response = await doFetch(`${base}/models`, { headers: headers(), signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 401 || response.status === 403) return `the provider refused the key (${response.status})`;
      // Some servers have no /models; a 404 there says nothing about the chat endpoint.
      if (response.status === 404 || response.status === 405) return null;
      if (!response.ok) return `GET /models answered ${response.status}`;
      const listed = (await response.json().catch(() => null)) as { data?: Array<{ id?: unknown }> } | null;
      const ids = (listed?.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
      if (ids.length > 0 && !ids.includes(options.model)) return `the model "${options.model}" is not among the ${ids.length} the provider lists`;
      return null;
    } catch (error) {
      return `the provider could not be reached: ${messageOf(error)}`;
    }
  }

  return { model: options.model, host: hostOf(base), complete, probe };
}

/** The answer's events, from a stream of chunks or from one JSON completion (a gateway that ignores `stream`). */
async function* readAnswer(body: ReadableStream<Uint8Array>, contentType: string): AsyncGenerator<ProviderEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let first = '';
  // Read until the kind of answer shows: some servers send JSON as text/plain, or SSE without its type.
  for (;;) {
    const { done, value } = await reader.read();
    if (value) first += decoder.decode(value, { stream: true });
    if (done || first.trimStart().length > 0) {
      if (done) first += decoder.decode();
      break;
    }
  }
  const json = contentType.includes('application/json') || first.trimStart().startsWith('{');
  if (json) {
    let whole = first;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      whole += decoder.decode(value, { stream: true });
    }
    whole += decoder.decode();
    yield* completionEvents(parseJson(whole));
    return;
  }
  yield* streamEvents(reader, decoder, first);
}

interface ToolCallDraft {
  name: string;
  arguments: string;
}

async function* streamEvents(reader: ReadableStreamDefaultReader<Uint8Array>, decoder: TextDecoder, first: string): AsyncGenerator<ProviderEvent> {
  const received: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => received.push(event) });
  const calls = new Map<number, ToolCallDraft>();
  let reason: FinishReason | undefined;
  let usage: Usage | undefined;
  let ended = false;
  parser.feed(first);
  for (;;) {
    for (const event of received.splice(0)) {
      if (event.data.trim() === '[DONE]') {
        ended = true;
        break;
      }
      const chunk = parseJson(event.data) as StreamChunk;
      if (chunk.error) throw new ProviderError('http', `the provider sent an error: ${messageOf(chunk.error).slice(0, ERROR_BODY_CHARS)}`, numberOr(chunk.error.code));
      if (chunk.usage) usage = usageOf(chunk.usage);
      const choice = chunk.choices?.[0];
      const delta = choice?.delta ?? {};
      for (const call of delta.tool_calls ?? []) {
        const index = typeof call.index === 'number' ? call.index : calls.size;
        const draft = calls.get(index) ?? { name: '', arguments: '' };
        if (call.function?.name) draft.name += call.function.name;
        if (call.function?.arguments !== undefined) draft.arguments += typeof call.function.arguments === 'string' ? call.function.arguments : JSON.stringify(call.function.arguments);
        calls.set(index, draft);
      }
      if (choice?.finish_reason) reason = finishReasonOf(choice.finish_reason);
      // Any chunk is the server alive, for the between-chunks timer; only text is for the rep.
      // Thinking and tool arguments are the model at work, which is what the first-token timer waits for.
      if (typeof delta.content === 'string' && delta.content) yield { type: 'text', text: delta.content };
      else yield { type: 'alive', progress: Boolean(delta.reasoning_content || delta.reasoning || delta.tool_calls?.length) };
    }
    if (ended) break;
    const { done, value } = await reader.read();
    if (done) {
      parser.feed(decoder.decode());
      if (received.length > 0) continue;
      break;
    }
    parser.feed(decoder.decode(value, { stream: true }));
  }
  await reader.cancel().catch(() => undefined);
  for (const [, call] of [...calls.entries()].sort(([a], [b]) => a - b)) if (call.name || call.arguments) yield { type: 'tool-call', ...call };
  // A body that ends with neither [DONE] nor a finish reason was cut off on the way.
  if (!ended && reason === undefined) throw new ProviderError('cut', 'the answer ended before the model finished');
  yield { type: 'finish', reason: reason ?? 'unknown', ...(usage ? { usage } : {}) };
}

function* completionEvents(value: unknown): Generator<ProviderEvent> {
  const completion = value as Completion;
  if (completion.error) throw new ProviderError('http', `the provider sent an error: ${messageOf(completion.error).slice(0, ERROR_BODY_CHARS)}`, numberOr(completion.error.code));
  const choice = completion.choices?.[0];
  if (!choice?.message) throw new ProviderError('bad-response', 'the answer has no message');
  const message = choice.message;
  if (typeof message.content === 'string' && message.content) yield { type: 'text', text: message.content };
  for (const call of message.tool_calls ?? []) {
    const args = call.function?.arguments;
    yield { type: 'tool-call', name: call.function?.name ?? '', arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) };
  }
  yield { type: 'finish', reason: finishReasonOf(choice.finish_reason ?? 'stop'), ...(completion.usage ? { usage: usageOf(completion.usage) } : {}) };
}

interface WireUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
  /** Some servers (DeepSeek) report the cache this way. */
  prompt_cache_hit_tokens?: number;
}

interface WireError {
  message?: string;
  code?: unknown;
}

interface StreamChunk {
  error?: WireError;
  usage?: WireUsage | null;
  choices?: Array<{
    delta?: {
      content?: string | null;
      reasoning_content?: string | null;
      reasoning?: string | null;
      tool_calls?: Array<{ index?: number; function?: { name?: string; arguments?: unknown } }>;
    };
    finish_reason?: string | null;
  }>;
}

interface Completion {
  error?: WireError;
  usage?: WireUsage;
  choices?: Array<{
    message?: { content?: string | null; tool_calls?: Array<{ function?: { name?: string; arguments?: unknown } }> };
    finish_reason?: string | null;
  }>;
}

function usageOf(usage: WireUsage): Usage {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens;
  return {
    ...(typeof usage.prompt_tokens === 'number' ? { promptTokens: usage.prompt_tokens } : {}),
    ...(typeof usage.completion_tokens === 'number' ? { completionTokens: usage.completion_tokens } : {}),
    ...(typeof cached === 'number' ? { cachedTokens: cached } : {}),
  };
}

function finishReasonOf(raw: string): FinishReason {
  if (raw === 'stop' || raw === 'length' || raw === 'tool_calls' || raw === 'content_filter') return raw;
  if (raw === 'function_call') return 'tool_calls';
  // Ollama and some gateways say 'eos' or 'end_turn'; anything else is a finish we cannot read.
  if (raw === 'eos' || raw === 'end_turn' || raw === 'stop_sequence') return 'stop';
  if (raw === 'max_tokens') return 'length';
  return 'unknown';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError('bad-response', 'the provider sent something that is not JSON');
  }
}

/** Retry-After in seconds or as a date, or OpenAI's retry-after-ms. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers.get('retry-after');
  if (raw === null) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, unless that would pass `until` or the request is aborted: then `give_up()` throws. */
async function pause(ms: number, until: number, signal: AbortSignal, now: () => number, giveUp: () => never): Promise<void> {
  if (now() + ms >= until) giveUp();
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
  if (signal.aborted) giveUp();
}

function numberOr(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 100 && n < 600 ? n : undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  return String(error);
}

/** The host only, for logs and the start-up line: never a path that could carry a key. */
export function hostOf(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return 'an invalid URL';
  }
}
