import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import { userQuerySchema, userSchema } from '#shared/schemas/user.js';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { readUser } from './service.js';

export const userRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user',
      {
        preValidation: requireUser,
        schema: {
          tags: ['user'],
          summary: 'The signed-in user, or (an admin with the panel unlocked) another user by id',
          querystring: userQuerySchema,
          response: { 200: userSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const now = deps.now();
        const adminUnlocked = (request.adminUnlockedUntil?.getTime() ?? 0) > now.getTime();
        return readUser(deps.db, currentUser(request), request.query.userId, { plans: deps.plans, now, adminUnlocked });
      },
    );
  };
