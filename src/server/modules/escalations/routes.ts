import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '#shared/schemas/auth.js';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import { escalationConversationSchema, escalationIdParamSchema, escalationListQuerySchema, escalationListSchema, escalationResponseSchema } from '#shared/schemas/escalations.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../plugins/session.js';
import { noteAudit } from '../admin/service.js';
import { closeEscalation, escalationConversation, listEscalations, respondToEscalation } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const ESCALATION = { targetType: 'escalation', targetParam: 'id' } as const;

/**
 * What the coach handed to a person (product §14.2's /api/admin/escalations paths). Mounted in the
 * admin scope (modules/admin/routes.ts): signed-in, unlocked admins only, every change audited,
 * and so is every reading of a rep's conversation, as reading another user's account is.
 */
export const escalationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/escalations',
      {
        schema: {
          tags: ['admin'],
          summary: 'Escalations: pending first, most urgent first, then newest; filter with ?status=',
          querystring: escalationListQuerySchema,
          response: { 200: escalationListSchema, ...errors },
        },
      },
      async (request) => listEscalations(deps.db, request.query),
    );

    app.get(
      '/escalations/:id/conversation',
      {
        config: { audit: { action: 'escalation.conversation_read', ...ESCALATION } },
        schema: {
          tags: ['admin'],
          summary: 'The conversation an escalation came from, oldest first, with the escalated message and the coach\'s attempt marked',
          params: escalationIdParamSchema,
          response: { 200: escalationConversationSchema, ...errors },
        },
      },
      async (request) => {
        const conversation = await escalationConversation(deps.db, request.params.id);
        noteAudit(request, { summary: `Read ${conversation.user.username}'s conversation (${conversation.messages.length} messages)` });
        return conversation;
      },
    );

    app.post(
      '/escalations/:id/respond',
      {
        config: { audit: { action: 'escalation.respond', ...ESCALATION } },
        schema: {
          tags: ['admin'],
          summary: "Answer an escalation: the reply joins the rep's conversation; a learning note joins the knowledge base",
          params: escalationIdParamSchema,
          body: escalationResponseSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        const { learningNote } = request.body;
        const { knowledgeVersionId } = await respondToEscalation(deps.db, currentUser(request), request.params.id, request.body.adminResponse, learningNote, deps.now());
        noteAudit(request, { summary: knowledgeVersionId ? `Answered; learning note added as knowledge version #${knowledgeVersionId}` : 'Answered' });
        return { ok: true as const };
      },
    );

    app.post(
      '/escalations/:id/close',
      {
        config: { audit: { action: 'escalation.close', ...ESCALATION } },
        schema: { tags: ['admin'], summary: 'Close an escalation', params: escalationIdParamSchema, response: { 200: okSchema, ...errors } },
      },
      async (request) => {
        await closeEscalation(deps.db, request.params.id, deps.now());
        return { ok: true as const };
      },
    );
  };
