/**
 * Never leave the rep without a reply (issue #12): when the primary engine (the LLM provider)
 * fails — an error, a 5xx, a timeout, a stream that stalls or breaks — the turn is answered by a
 * fallback engine (the built-in playbook coach) under a one-line notice, instead of an error.
 */
import type { CoachContext, CoachEngine, CoachReply, CoachStream } from './engine.js';
import { TextChannel } from './text-channel.js';

/** Put above a reply the fallback engine wrote, so the rep knows why it reads differently. */
export const FALLBACK_NOTICE = '*Our AI coach is busy right now, so this answer comes from the built-in coach.*';

/** Told about each failure the rep did not see (the primary's, or the fallback's as well). */
export type FallbackLog = (error: unknown, what: 'primary failed' | 'fallback failed') => void;

function withNotice(reply: CoachReply): CoachReply {
  return { ...reply, content: `${FALLBACK_NOTICE}\n\n${reply.content}` };
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
export function withFallback(primary: CoachEngine, fallback: CoachEngine, log?: FallbackLog): CoachEngine {
  const report = (error: unknown, what: 'primary failed' | 'fallback failed') => {
    try {
      log?.(error, what);
    } catch {
      // A broken logger must not cost the rep their answer.
    }
  };

  async function reply(ctx: CoachContext, signal?: AbortSignal): Promise<CoachReply> {
    try {
      return await primary.reply(ctx, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      report(error, 'primary failed');
      try {
        return withNotice(await fallback.reply(ctx, signal));
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

  async function run(ctx: CoachContext, signal: AbortSignal | undefined, text: TextChannel): Promise<CoachReply> {
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
      text.close();
      return answer;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (signal?.aborted) {
        text.fail(failure);
        throw error;
      }
      report(error, 'primary failed');
      try {
        const second = fallback.stream(ctx, signal);
        second.reply.catch(() => undefined);
        // A blank line keeps the notice off the end of the primary's cut-off sentence until the
        // stored message replaces the streamed text.
        text.push(`${streamed ? '\n\n' : ''}${FALLBACK_NOTICE}\n\n`);
        for await (const chunk of second.textStream) text.push(chunk);
        const answer = withNotice(await second.reply);
        text.close();
        return answer;
      } catch (fallbackError) {
        report(fallbackError, 'fallback failed');
        text.fail(failure);
        throw error;
      }
    }
  }

  return { name: primary.name, reply, stream, ...(primary.searchHints ? { searchHints: primary.searchHints.bind(primary) } : {}) };
}
