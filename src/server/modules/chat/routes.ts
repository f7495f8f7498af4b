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
import type { AppDeps } from '../../app.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { CoachUnavailableError } from '../coach/engine.js';
import { chatStatus, createConversation, finishTurn, listConversations, readConversation, sessionAfterTurn, startTurn, storeUserMessage, toChatMessage } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema };
const UNAVAILABLE = 'The AI coach is unavailable right now. Please try again in a moment.';

/** SPEC §7 sends `{ userId }`; it is accepted only when it is the caller (DECISIONS §1). */
const createSessionBody = z.object({ userId: z.number().int().optional() }).optional();

export const chatRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const turnDeps = { db: deps.db, plans: deps.plans, now: deps.now };

    app.post(
      '/api/chat/session',
      {
        preHandler: requireUser,
        schema: { tags: ['chat'], summary: 'Start a new conversation (also New Chat)', body: createSessionBody, response: { 201: chatSessionSchema, ...errors } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        if (request.body?.userId !== undefined && request.body.userId !== user.id) throw new HttpError(403, 'You can only start your own conversations.');
        return reply.status(201).send(await createConversation(deps.db, user.id, deps.now()));
      },
    );

    app.get(
      '/api/chat/sessions',
      { preHandler: requireUser, schema: { tags: ['chat'], summary: 'Your conversations, newest first', response: { 200: conversationListSchema, ...errors } } },
      async (request) => ({ sessions: await listConversations(deps.db, currentUser(request).id) }),
    );

    app.get(
      '/api/chat/sessions/:sessionId',
      {
        preHandler: requireUser,
        schema: { tags: ['chat'], summary: 'One of your conversations', params: sessionIdParamSchema, response: { 200: chatSessionSchema, ...errors } },
      },
      async (request) => readConversation(deps.db, currentUser(request).id, request.params.sessionId),
    );

    app.get(
      '/api/chat/status',
      { preHandler: requireUser, schema: { tags: ['chat'], summary: 'Your chat allowance: plan, trial, free chats, reset', response: { 200: chatStatusSchema, ...errors } } },
      async (request) => chatStatus(deps.db, currentUser(request), deps.plans, deps.now()),
    );

    app.post(
      '/api/chat/message',
      {
        preHandler: requireUser,
        schema: { tags: ['chat'], summary: 'Send a message; answers the conversation with the coach reply', body: sendMessageSchema, response: { 200: sendMessageResponseSchema, ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        const turn = await startTurn(turnDeps, user, request.body.sessionId, request.body.message);
        let reply;
        try {
          reply = await deps.coach.reply(turn.context);
        } catch (err) {
          request.log.error({ err }, 'coach engine failed');
          throw new HttpError(503, err instanceof CoachUnavailableError ? err.message : UNAVAILABLE);
        }
        return { session: sessionAfterTurn(turn, await finishTurn(turnDeps, user, turn, reply)) };
      },
    );

    app.post(
      '/api/chat/message/stream',
      {
        preHandler: requireUser,
        schema: {
          tags: ['chat'],
          summary: 'Send a message; the reply streams as server-sent events: user, delta…, then done or error',
          body: sendMessageSchema,
          response: { ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        // Anything refused (402, 404) is refused here, as plain JSON, before the stream opens.
        const turn = await startTurn(turnDeps, user, request.body.sessionId, request.body.message);

        const abort = new AbortController();
        request.raw.on('close', () => {
          if (!reply.raw.writableEnded) abort.abort();
        });
        reply.hijack();
        reply.raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          // Proxies (nginx) must pass each event on as it comes.
          'x-accel-buffering': 'no',
        });
        const send = (event: string, data: unknown) => {
          if (!reply.raw.writableEnded) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        };
        send('user', toChatMessage(await storeUserMessage(turnDeps, user, turn)));
        try {
          const stream = deps.coach.stream(turn.context, abort.signal);
          for await (const text of stream.textStream) send('delta', { text });
          const coachReply = await stream.reply;
          const { assistant } = await finishTurn(turnDeps, user, turn, coachReply);
          send('done', toChatMessage(assistant));
        } catch (err) {
          if (!abort.signal.aborted) request.log.error({ err }, 'coach stream failed');
          send('error', { message: err instanceof CoachUnavailableError ? err.message : UNAVAILABLE });
        } finally {
          reply.raw.end();
        }
      },
    );
  };
