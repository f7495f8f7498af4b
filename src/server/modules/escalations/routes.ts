import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/schemas/auth.js';
import { apiErrorSchema } from '../../../shared/schemas/errors.js';
import { escalationIdParamSchema, escalationListSchema, escalationResponseSchema } from '../../../shared/schemas/escalations.js';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireAdmin } from '../../plugins/session.js';
import { listEscalations, respondToEscalation } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Admin API for what the coach handed to a person (DECISIONS §2: session and role, never a key). */
export const escalationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/escalations',
      { preValidation: requireAdmin, schema: { tags: ['admin'], summary: 'Escalations, newest first', response: { 200: escalationListSchema, ...errors } } },
      async () => listEscalations(deps.db),
    );

    app.post(
      '/api/admin/escalations/:id/respond',
      {
        preValidation: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: "Answer an escalation: the reply joins the rep's conversation; a learning note joins the knowledge base",
          params: escalationIdParamSchema,
          body: escalationResponseSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await respondToEscalation(deps.db, currentUser(request), request.params.id, request.body.adminResponse, request.body.learningNote, deps.now());
        return { ok: true as const };
      },
    );
  };
