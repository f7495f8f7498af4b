import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import {
  feedbackCreatedSchema,
  feedbackIdParamSchema,
  feedbackInputSchema,
  feedbackListQuerySchema,
  feedbackListSchema,
  feedbackSchema,
  feedbackStatusInputSchema,
} from '#shared/schemas/feedback.js';
import type { AppDeps } from '../../deps.js';
import { perUserLimit } from '../../plugins/rate-limits.js';
import { noteAudit } from '../admin/service.js';
import { createFeedback, listFeedback, setFeedbackStatus } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/** Feedback sent per client address, and per signed-in account, per hour. */
export const FEEDBACK_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/** POST /api/feedback (product §14.2): open to visitors and users alike. */
export const feedbackRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const perAccount = perUserLimit(deps.db, deps.now, 'feedback', { max: FEEDBACK_PER_HOUR, windowMs: HOUR_MS }, (s) =>
      `You have sent a lot of feedback in the last hour. Please try again in ${Math.ceil(s / 60)} minute(s).`,
    );
    app.post(
      '/api/feedback',
      {
        // Per address for everyone (visitors have nothing else), and per account for users.
        config: { rateLimit: { max: FEEDBACK_PER_HOUR, timeWindow: HOUR_MS } },
        preHandler: perAccount,
        schema: {
          tags: ['feedback'],
          summary: 'Send feedback; the sender is the signed-in user, or nobody for a visitor',
          body: feedbackInputSchema,
          response: { 201: feedbackCreatedSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await createFeedback(deps.db, request.user?.id ?? null, request.body, deps.now())),
    );
  };

/**
 * The admin's side (product §14.2): GET /api/feedback and PATCH /api/feedback/:id/status, at product §11's
 * paths but mounted in the admin scope (modules/admin/routes.ts, prefix /api), behind its gate.
 */
export const feedbackTriageRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/feedback',
      {
        schema: { tags: ['admin'], summary: 'All feedback, newest first (admin); filter by status, type, category', querystring: feedbackListQuerySchema, response: { 200: feedbackListSchema, ...errors } },
      },
      async (request) => listFeedback(deps.db, request.query),
    );

    app.patch(
      '/feedback/:id/status',
      {
        config: { audit: { action: 'feedback.status', targetType: 'feedback', targetParam: 'id' } },
        schema: {
          tags: ['admin'],
          summary: "Set a feedback's status: new, reviewed, planned or completed (admin)",
          params: feedbackIdParamSchema,
          body: feedbackStatusInputSchema,
          response: { 200: feedbackSchema, ...errors },
        },
      },
      async (request) => {
        const { feedback, previous } = await setFeedbackStatus(deps.db, request.params.id, request.body.status);
        noteAudit(request, { summary: `Status: ${previous} → ${feedback.status}` });
        return feedback;
      },
    );
  };
