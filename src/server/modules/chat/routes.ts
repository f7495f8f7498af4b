import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatSessionSchema,
  chatStatusSchema,
  conversationListSchema,
  sendMessageResponseSchema,
  sendMessageSchema,
  sessionIdParamSchema,
} from '#shared/schemas/chat.js';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { perUserLimit } from '../../plugins/rate-limits.js';
import { chatStatus, createConversation, listConversations, readConversation } from './service.js';
import { chatTurns } from './turn.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

/** the first clients (product §14.2) send `{ userId }`; the session plugin checks it is the caller's and drops it (product §2). */
const createSessionBody = z.strictObject({}).optional();

export const chatRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const turns = chatTurns(deps);
    const conversationLimit = perUserLimit(deps.db, deps.now, 'chat-conversation', { max: deps.env.CHAT_CONVERSATIONS_PER_HOUR, windowMs: 3_600_000 }, (s) =>
      `You have started many conversations in the last hour. Please continue one of them, or wait ${Math.ceil(s / 60)} minute(s).`,
    );
    app.addHook('preClose', async () => turns.shutDown());

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
      async (request, reply) => turns.answer(request, reply, currentUser(request), request.body),
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
      async (request, reply) => turns.stream(request, reply, currentUser(request), request.body),
    );
  };
