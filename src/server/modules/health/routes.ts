import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthDownSchema, healthSchema } from '#shared/schemas/health.js';
import type { AppDeps } from '../../deps.js';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      { schema: { tags: ['health'], summary: 'Liveness with a database round trip', response: { 200: healthSchema, 503: healthDownSchema } } },
      async (request, reply) => {
        try {
          await deps.db.execute(sql`select 1`);
          return { status: 'ok' as const, db: 'ok' as const };
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          return reply.status(503).send({ status: 'error' as const, db: 'error' as const });
        }
      },
    );
  };
