import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import { callOutcomeInputSchema, callOutcomeSchema, outcomeParamsSchema, progressQuerySchema, progressSchema } from '#shared/schemas/progress.js';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { clearOutcome, logOutcome, progressOverview } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const progressRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/progress',
      {
        // The page and its API are Pro's (product §9.3): refused before the query is looked at (billing/pro-gate.ts).
        config: { requires: { pro: 'progress' } },
        schema: {
          tags: ['progress'],
          summary: 'Your progress: sessions, time, topics, improvement areas, call outcomes and effectiveness (Pro)',
          querystring: progressQuerySchema,
          response: { 200: progressSchema, ...errors },
        },
      },
      async (request) => progressOverview(deps.db, currentUser(request), deps.now(), request.query.tz),
    );

    /*
     * Logging an outcome is open to every signed-in rep, not only Pro: it is the rep's own account
     * of their own call, the chat offers it under every coaching reply, and a rep who upgrades
     * later finds their history already there. Reading it back as analytics is what Pro buys.
     */
    app.put(
      '/api/outcomes/:messageId',
      {
        preValidation: requireUser,
        config: { requires: 'none' },
        schema: {
          tags: ['progress'],
          summary: 'Log how the call went after trying a coaching reply, or change it (one per reply)',
          params: outcomeParamsSchema,
          body: callOutcomeInputSchema,
          response: { 200: callOutcomeSchema, ...errors },
        },
      },
      async (request) => logOutcome(deps.db, currentUser(request), request.params.messageId, request.body, deps.now()),
    );

    app.delete(
      '/api/outcomes/:messageId',
      {
        preValidation: requireUser,
        config: { requires: 'none' },
        schema: {
          tags: ['progress'],
          summary: 'Take back the outcome logged on a coaching reply (idempotent)',
          params: outcomeParamsSchema,
          response: { 200: z.object({ messageId: z.number().int(), outcome: z.null() }), ...errors },
        },
      },
      async (request) => {
        await clearOutcome(deps.db, currentUser(request), request.params.messageId);
        return { messageId: request.params.messageId, outcome: null };
      },
    );
  };
