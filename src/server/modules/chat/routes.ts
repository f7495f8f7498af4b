import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatSessionSchema,
  chatStatusSchema,
  conversationListSchema,
  sendMessageResponseSchema,
  sendMessageSchema,
  sessionIdParamSchema,
} from '../../../shared/schemas/chat.js';
import { apiErrorSchema } from '../../../shared/schemas/errors.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { COACH_UNAVAILABLE_MESSAGE, CoachUnavailableError } from '../coach/service.js';
import { perUserLimit } from '../../plugins/rate-limits.js';
import {
  abandonTurn,
  chatStatus,
  createConversation,
  finishTurn,
  listConversations,
  readConversation,
  turnAnswer,
  startTurn,
  storeUserMessage,
  toChatMessage,
  type StartedTurn,
} from './service.js';
import { TurnsInFlight } from './turns-in-flight.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };
const RESTARTING = 'The server is restarting. Please send your message again in a moment.';

/** SPEC §7 sends `{ userId }`; the session plugin checks it is the caller's and drops it (DECISIONS §1). */
const createSessionBody = z.strictObject({}).optional();

/** Why a stream was aborted by the server rather than by the rep closing the page. */
class ShuttingDown extends Error {}

/** The rep closed the page (or the connection broke) before the reply was written. */
class RepLeft extends Error {}

/** How long a retried send waits for the same message's turn still running before it gets 409. */
const RETRY_WAIT_MS = 60_000;
const STILL_ANSWERING = 'This message is still being answered. Its reply will appear in a moment.';

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

export const chatRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Per-user limits, generous for a person typing and tapping, tight for a script (shared by
    // every app process through PostgreSQL). Messages are counted by the turn's own statement.
    const turnDeps = {
      db: deps.db,
      plans: deps.plans,
      now: deps.now,
      messageLimit: { max: deps.env.CHAT_MESSAGES_PER_MINUTE, windowMs: 60_000 },
      ...(deps.coach.searchHints ? { searchHints: deps.coach.searchHints.bind(deps.coach) } : {}),
    };
    const conversationLimit = perUserLimit(deps.db, deps.now, 'chat-conversation', { max: deps.env.CHAT_CONVERSATIONS_PER_HOUR, windowMs: 3_600_000 }, (s) =>
      `You have started many conversations in the last hour. Please continue one of them, or wait ${Math.ceil(s / 60)} minute(s).`,
    );

    // Streams in progress, so shutdown can end each one with an error event instead of waiting for it.
    const openStreams = new Set<AbortController>();
    const inFlight = new TurnsInFlight();
    /** Holds the message's turn (a retry of one still running waits for it), or answers 409. */
    const holdTurn = async (userId: number, body: { sessionId: string; clientId?: string | undefined }) => {
      if (!body.clientId) return () => undefined;
      const release = await inFlight.acquire(`${userId}:${body.sessionId}:${body.clientId}`, RETRY_WAIT_MS);
      if (!release) throw new HttpError(409, STILL_ANSWERING, { code: 'turn_in_progress' });
      return release;
    };
    app.addHook('preClose', async () => {
      for (const stream of openStreams) stream.abort(new ShuttingDown());
    });

    app.post(
      '/api/chat/session',
      {
        preValidation: requireUser,
        preHandler: conversationLimit,
        schema: { tags: ['chat'], summary: 'Start a new conversation (also New Chat)', body: createSessionBody, response: { 201: chatSessionSchema, ...errors } },
      },
      async (request, reply) => {
        return reply.status(201).send(await createConversation(deps.db, currentUser(request), deps.plans, deps.now()));
      },
    );

    app.get(
      '/api/chat/sessions',
      { preValidation: requireUser, schema: { tags: ['chat'], summary: 'Your conversations, newest first', response: { 200: conversationListSchema, ...errors } } },
      async (request) => ({ sessions: await listConversations(deps.db, currentUser(request).id) }),
    );

    app.get(
      '/api/chat/sessions/:sessionId',
      {
        preValidation: requireUser,
        schema: { tags: ['chat'], summary: 'One of your conversations', params: sessionIdParamSchema, response: { 200: chatSessionSchema, ...errors } },
      },
      async (request) => readConversation(deps.db, currentUser(request).id, request.params.sessionId),
    );

    app.get(
      '/api/chat/status',
      { preValidation: requireUser, schema: { tags: ['chat'], summary: 'Your chat allowance: plan, trial, free chats, reset', response: { 200: chatStatusSchema, ...errors } } },
      async (request) => chatStatus(deps.db, currentUser(request), deps.plans, deps.now()),
    );

    app.post(
      '/api/chat/message',
      {
        preValidation: requireUser,
        schema: { tags: ['chat'], summary: 'Send a message; answers with it as stored and the coach reply (only the new messages)', body: sendMessageSchema, response: { 200: sendMessageResponseSchema, ...errors } },
      },
      async (request, httpReply) => {
        const user = currentUser(request);
        const release = await holdTurn(user.id, request.body);
        try {
          const turn = await startTurn(turnDeps, user, request.body.sessionId, request.body.message, request.body.clientId ?? null);
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
            return turnAnswer(turn, await finishTurn(turnDeps, user, turn, reply));
          } catch (err) {
            await abandonTurn(turnDeps, turn).catch((releaseErr: unknown) => request.log.error({ err: releaseErr }, 'could not release a free message'));
            throw err;
          }
        } finally {
          release();
        }
      },
    );

    app.post(
      '/api/chat/message/stream',
      {
        preValidation: requireUser,
        schema: {
          tags: ['chat'],
          summary: 'Send a message; the reply streams as server-sent events: user, delta…, then done or error',
          body: sendMessageSchema,
          response: { ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const release = await holdTurn(user.id, request.body);
        try {
          // Anything refused (402, 404, 429) is refused here, as plain JSON, before the stream opens.
          const turn = await startTurn(turnDeps, user, request.body.sessionId, request.body.message, request.body.clientId ?? null);
          await streamTurn(request, reply, turn);
        } finally {
          release();
        }
      },
    );

    /**
     * The reply as server-sent events. Once the response is hijacked Fastify can no longer answer
     * for us, so every path, including a failed database write, ends here with an `error` event
     * and the end of the response: nothing may leave the socket open.
     */
    async function streamTurn(request: FastifyRequest, reply: FastifyReply, turn: StartedTurn): Promise<void> {
      const user = currentUser(request);
      const abort = new AbortController();
      openStreams.add(abort);
      abortOnLeave(request, reply, abort);
      reply.hijack();
      const send = (event: string, data: unknown) => {
        if (!reply.raw.writableEnded) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
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
        // A retry of a message stored on a failed try is answered without storing it again.
        send('user', toChatMessage(turn.userMessage ?? (await storeUserMessage(turnDeps, user, turn))));
        const stream = deps.coach.stream(turn.context, abort.signal);
        for await (const text of stream.textStream) send('delta', { text });
        const coachReply = await stream.reply;
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
  };
