import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SendMessageInput, SendMessageResponse, streamEventSchemas } from '#shared/schemas/chat.js';
import type { AppDeps } from '../../deps.js';
import type { UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { COACH_UNAVAILABLE_MESSAGE, CoachUnavailableError } from '../coach/service.js';
import { abandonTurn, finishTurn, startTurn, storeUserMessage, toChatMessage, turnAnswer, type StartedTurn, type TurnDeps } from './service.js';
import { cachedKnowledgeSearch } from '../knowledge/service.js';
import { collectFromMessage } from '../deck/service.js';
import { TurnsInFlight } from './turns-in-flight.js';
import { finishDrill } from '../training/service.js';

const RESTARTING = 'The server is restarting. Please send your message again in a moment.';

/** Why a stream was aborted by the server rather than by the rep closing the page. */
class ShuttingDown extends Error {}

/** The rep closed the page (or the connection broke) before the reply was written. */
class RepLeft extends Error {}

/** How long a retried send waits for the same message's turn still running before it gets 409. */
const RETRY_WAIT_MS = 60_000;
const STILL_ANSWERING = 'This message is still being answered. Its reply will appear in a moment.';

type StreamEvents = typeof streamEventSchemas;
export type StreamEventName = keyof StreamEvents;
export type StreamEventData<K extends StreamEventName> = z.infer<StreamEvents[K]>;

/**
 * One server-sent event of the chat stream. Typed against the shared schemas the browser checks
 * each event with, so an event the browser would drop fails to compile here instead.
 */
export function streamEvent<K extends StreamEventName>(event: K, data: StreamEventData<K>): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Aborts when the rep's connection closes before the answer is complete. On the response, not the
 * request: a request's 'close' fires once its body has been read, long before the reply is done.
 */
function abortOnLeave(request: FastifyRequest, reply: FastifyReply, abort: AbortController): void {
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort(new RepLeft());
  });
  if (request.raw.socket?.destroyed) abort.abort(new RepLeft());
}

/**
 * A chat turn from the rep's message to the stored reply, for the JSON route and the streaming
 * one: a retry of a message still being answered waits for it (or gets 409), the engine writes
 * the reply, and a turn that ends without one gives back what it took. The routes only parse and
 * answer.
 */
export function chatTurns(deps: AppDeps) {
  // Per-user limits, generous for a person typing and tapping, tight for a script (shared by
  // every app process through PostgreSQL). Messages are counted by the turn's own statement.
  const turnDeps: TurnDeps = {
    db: deps.db,
    plans: deps.plans,
    now: deps.now,
    messageLimit: { max: deps.env.CHAT_MESSAGES_PER_MINUTE, windowMs: 60_000 },
    search: cachedKnowledgeSearch(deps.db),
    // A scene that ends in a lesson's drill completes the lesson's part (issue #27).
    onSceneEnded: finishDrill,
    ...(deps.coach.searchHints ? { searchHints: deps.coach.searchHints.bind(deps.coach) } : {}),
  };
  // Streams in progress, so shutdown can end each one with an error event instead of waiting for it.
  const openStreams = new Set<AbortController>();
  const inFlight = new TurnsInFlight();

  /** Holds the message's turn (a retry of one still running waits for it), or answers 409. */
  const holdTurn = async (userId: number, body: SendMessageInput) => {
    if (!body.clientId) return () => undefined;
    const release = await inFlight.acquire(`${userId}:${body.sessionId}:${body.clientId}`, RETRY_WAIT_MS);
    if (!release) throw new HttpError(409, STILL_ANSWERING, { code: 'turn_in_progress' });
    return release;
  };

  /**
   * The buyer lines the rep quoted go to their objection deck once the message is stored. A
   * failure is logged, never the turn's: the deck is a by-product of coaching, not part of it.
   */
  const collect = async (request: FastifyRequest, user: UserRow, turn: StartedTurn, messageId: number) => {
    try {
      await collectFromMessage(deps.db, user.id, messageId, turn.message, turn.context.history, deps.now());
    } catch (err) {
      request.log.error({ err }, 'could not save quoted buyer lines to the deck');
    }
  };

  const begin = (user: UserRow, body: SendMessageInput) => startTurn(turnDeps, user, body.sessionId, body.message, body.clientId ?? null);

  /** POST /api/chat/message: the turn's two messages once the reply is stored. */
  async function answer(request: FastifyRequest, httpReply: FastifyReply, user: UserRow, body: SendMessageInput): Promise<SendMessageResponse> {
    const release = await holdTurn(user.id, body);
    try {
      const turn = await begin(user, body);
      // A retry of a message already answered gets that answer again, not a second one.
      if (turn.answered) return turnAnswer(turn, turn.answered);
      const abort = new AbortController();
      abortOnLeave(request, httpReply, abort);
      try {
        let reply;
        try {
          reply = await deps.coach.reply(turn.context, abort.signal);
        } catch (err) {
          if (!abort.signal.aborted) request.log.error({ err }, 'coach engine failed');
          throw new HttpError(503, err instanceof CoachUnavailableError ? err.message : COACH_UNAVAILABLE_MESSAGE);
        }
        // Nobody is there to read it: nothing is stored, and a retry gets a fresh answer.
        if (abort.signal.aborted) throw new HttpError(503, COACH_UNAVAILABLE_MESSAGE);
        const storedBefore = turn.userMessage !== null;
        const stored = await finishTurn(turnDeps, user, turn, reply);
        // A message stored on an earlier try was collected then.
        if (!storedBefore) await collect(request, user, turn, stored.user.id);
        return turnAnswer(turn, stored);
      } catch (err) {
        await abandonTurn(turnDeps, turn).catch((releaseErr: unknown) => request.log.error({ err: releaseErr }, 'could not release a free message'));
        throw err;
      }
    } finally {
      release();
    }
  }

  /** POST /api/chat/message/stream: anything refused (402, 404, 429) is refused as plain JSON, before the stream opens. */
  async function stream(request: FastifyRequest, reply: FastifyReply, user: UserRow, body: SendMessageInput): Promise<void> {
    const release = await holdTurn(user.id, body);
    try {
      await streamTurn(request, reply, user, await begin(user, body));
    } finally {
      release();
    }
  }

  /**
   * The reply as server-sent events. Once the response is hijacked Fastify can no longer answer
   * for us, so every path, including a failed database write, ends here with an `error` event
   * and the end of the response: nothing may leave the socket open.
   */
  async function streamTurn(request: FastifyRequest, reply: FastifyReply, user: UserRow, turn: StartedTurn): Promise<void> {
    const abort = new AbortController();
    openStreams.add(abort);
    abortOnLeave(request, reply, abort);
    reply.hijack();
    const send = <K extends StreamEventName>(event: K, data: StreamEventData<K>) => {
      if (!reply.raw.writableEnded) reply.raw.write(streamEvent(event, data));
    };
    try {
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // Proxies (nginx) must pass each event on as it comes.
        'x-accel-buffering': 'no',
      });
      if (turn.answered) {
        // A retry of a message already answered: the stored pair, as if just written.
        send('user', toChatMessage(turn.answered.user));
        send('done', toChatMessage(turn.answered.assistant));
        return;
      }
      // A retry of a message stored on a failed try is answered without storing it again (its lines were collected then).
      const storedBefore = turn.userMessage;
      const stored = storedBefore ?? (await storeUserMessage(turnDeps, user, turn));
      send('user', toChatMessage(stored));
      if (!storedBefore) await collect(request, user, turn, stored.id);
      const coachStream = deps.coach.stream(turn.context, abort.signal);
      for await (const text of coachStream.textStream) send('delta', { text });
      const coachReply = await coachStream.reply;
      // The rep left while it was written (an engine may finish anyway): nothing is stored for it.
      // A reply finished while the server shuts down is stored and sent as usual.
      if (abort.signal.reason instanceof RepLeft) throw abort.signal.reason;
      const { assistant } = await finishTurn(turnDeps, user, turn, coachReply);
      send('done', coachReply.escalation ? { ...toChatMessage(assistant), handedToTeam: true } : toChatMessage(assistant));
    } catch (err) {
      const shuttingDown = abort.signal.reason instanceof ShuttingDown;
      if (!abort.signal.aborted) request.log.error({ err }, 'coach stream failed');
      const message = shuttingDown ? RESTARTING : err instanceof CoachUnavailableError || err instanceof HttpError ? err.message : COACH_UNAVAILABLE_MESSAGE;
      send('error', { message });
      await abandonTurn(turnDeps, turn).catch((releaseErr: unknown) => request.log.error({ err: releaseErr }, 'could not release a free message'));
    } finally {
      openStreams.delete(abort);
      reply.raw.end();
    }
  }

  /** Ends every open stream with an error event (the server is shutting down). */
  function shutDown(): void {
    for (const open of openStreams) open.abort(new ShuttingDown());
  }

  return { answer, stream, shutDown };
}
