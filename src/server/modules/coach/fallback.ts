/**
 * Never leave the rep without a reply (issue #12, #22): when the primary engine (the LLM provider)
 * fails — an error, a 5xx, no first token in time, a stream that stalls before saying much — the
 * turn is answered by a fallback engine (the built-in playbook coach) under a one-line notice,
 * instead of an error. With a circuit breaker, an outage sends turns to the fallback at once.
 */
import type { CircuitBreaker } from './circuit-breaker.js';
import { CoachUnavailableError, type CoachContext, type CoachEngine, type CoachReply, type CoachStream, type CoachTurnReport } from './engine.js';
import { FALLBACK_NOTICE } from './vocabulary.js';
import { TextChannel } from './text-channel.js';

export { FALLBACK_NOTICE };

/** Told about each failure the rep did not see (the primary's, or the fallback's as well). */
export type FallbackLog = (error: unknown, what: 'primary failed' | 'fallback failed') => void;

export interface FallbackOptions {
  log?: FallbackLog;
  breaker?: CircuitBreaker;
  /** Told how each turn went, once, whoever answered. */
  onTurn?: (report: CoachTurnReport) => void;
}

/**
 * The fallback's reply under the notice. It never calls in a person: the provider failing is not
 * the rep being hard to understand (a request for a person is answered before any engine).
 */
function asStandIn(reply: CoachReply): CoachReply {
  const { escalation: _escalation, report: _report, ...rest } = reply;
  return { ...rest, content: `${FALLBACK_NOTICE}\n\n${reply.content}` };
}

/** A failure the primary engine reported on the error it threw. */
function reportOf(error: unknown): CoachTurnReport | undefined {
  return error instanceof CoachUnavailableError ? error.report : undefined;
}

function reasonOf(error: unknown): string {
  if (error instanceof CoachUnavailableError && error.report?.reason) return error.report.reason;
  return error instanceof Error ? error.message.slice(0, 200) : 'unknown';
}

/**
 * `primary`, answered by `fallback` whenever it fails. Not when the caller aborts: the rep has
 * gone (or the server is shutting down), so nobody would read the fallback's answer.
 *
 * In `stream()`, a failure after some of the primary's text has gone out continues the text with
 * the notice and the fallback's text, and `reply` resolves to the fallback's reply alone (notice
 * and content): the chat stores that one message, and the client replaces the streamed text with
 * the stored message once it arrives, so the primary's partial text is not kept.
 */
export function withFallback(primary: CoachEngine, fallback: CoachEngine, options: FallbackOptions | FallbackLog = {}): CoachEngine {
  const { log, breaker, onTurn } = typeof options === 'function' ? { log: options, breaker: undefined, onTurn: undefined } : options;
  const report = (error: unknown, what: 'primary failed' | 'fallback failed') => {
    try {
      log?.(error, what);
    } catch {
      // A broken logger must not cost the rep their answer.
    }
  };
  const tell = (turn: CoachTurnReport) => {
    try {
      onTurn?.(turn);
    } catch {
      // As above.
    }
  };
  const primaryFailed = (error: unknown, started: number) => {
    breaker?.failed(error);
    report(error, 'primary failed');
    const known = reportOf(error);
    tell({ ...(known ?? { engine: primary.name, totalMs: Date.now() - started }), outcome: 'fallback', reason: reasonOf(error) });
  };
  const primaryAnswered = (reply: CoachReply, started: number) => {
    // A reply kept after the provider stopped half-way still counts against its health; one cut
    // by the token limit (finish_reason "length") is the model's budget, not the provider failing.
    if (reply.report?.outcome === 'incomplete' && reply.report.finishReason !== 'length') breaker?.failed(new Error(reply.report.reason ?? 'incomplete'));
    else breaker?.succeeded();
    tell(reply.report ?? { engine: primary.name, outcome: 'complete', totalMs: Date.now() - started });
  };
  const circuitOpen = (started: number) => tell({ engine: primary.name, outcome: 'fallback', reason: 'circuit open: the provider failed repeatedly', totalMs: Date.now() - started });

  async function reply(ctx: CoachContext, signal?: AbortSignal): Promise<CoachReply> {
    const started = Date.now();
    if (breaker && !breaker.allows()) {
      circuitOpen(started);
      return asStandIn(await fallback.reply(ctx, signal));
    }
    try {
      const answer = await primary.reply(ctx, signal);
      primaryAnswered(answer, started);
      return answer;
    } catch (error) {
      if (signal?.aborted) throw error;
      primaryFailed(error, started);
      try {
        return asStandIn(await fallback.reply(ctx, signal));
      } catch (fallbackError) {
        report(fallbackError, 'fallback failed');
        throw error;
      }
    }
  }

  function stream(ctx: CoachContext, signal?: AbortSignal): CoachStream {
    const text = new TextChannel();
    const result = run(ctx, signal, text);
    // The consumer may await only the text or only the reply; the other must not surface as an
    // unhandled rejection. Catching a branch marks the promise handled; awaiting it still rejects.
    result.catch(() => undefined);
    return { textStream: text, reply: result };
  }

  async function standIn(ctx: CoachContext, signal: AbortSignal | undefined, text: TextChannel, streamed: boolean): Promise<CoachReply> {
    const second = fallback.stream(ctx, signal);
    second.reply.catch(() => undefined);
    // A blank line keeps the notice off the end of the primary's cut-off sentence until the
    // stored message replaces the streamed text.
    text.push(`${streamed ? '\n\n' : ''}${FALLBACK_NOTICE}\n\n`);
    for await (const chunk of second.textStream) text.push(chunk);
    const answer = asStandIn(await second.reply);
    text.close();
    return answer;
  }

  async function run(ctx: CoachContext, signal: AbortSignal | undefined, text: TextChannel): Promise<CoachReply> {
    const started = Date.now();
    if (breaker && !breaker.allows()) {
      circuitOpen(started);
      try {
        return await standIn(ctx, signal, text, false);
      } catch (error) {
        report(error, 'fallback failed');
        text.fail(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    }
    let streamed = false;
    try {
      const first = primary.stream(ctx, signal);
      // Read below only after the text; without this a rejection while the text is still being
      // read would count as unhandled.
      first.reply.catch(() => undefined);
      for await (const chunk of first.textStream) {
        if (!chunk) continue;
        streamed = true;
        text.push(chunk);
      }
      const answer = await first.reply;
      primaryAnswered(answer, started);
      text.close();
      return answer;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (signal?.aborted) {
        text.fail(failure);
        throw error;
      }
      primaryFailed(error, started);
      try {
        return await standIn(ctx, signal, text, streamed);
      } catch (fallbackError) {
        report(fallbackError, 'fallback failed');
        text.fail(failure);
        throw error;
      }
    }
  }

  return {
    name: primary.name,
    ...(primary.describe ? { describe: primary.describe.bind(primary) } : {}),
    ...(primary.checkReachable ? { checkReachable: primary.checkReachable.bind(primary) } : {}),
    reply,
    stream,
    ...(primary.searchHints ? { searchHints: primary.searchHints.bind(primary) } : {}),
  };
}
