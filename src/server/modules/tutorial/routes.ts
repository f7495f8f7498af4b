import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import { tutorialSeenSchema } from '#shared/schemas/tutorial.js';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { markTutorialSeen } from './service.js';

export const tutorialRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/tutorial/seen',
      {
        preValidation: requireUser,
        schema: {
          tags: ['tutorial'],
          summary: 'Record that the signed-in user watched the tutorial (the first time counts)',
          response: { 200: tutorialSeenSchema, 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (request) => ({ tutorialSeenAt: (await markTutorialSeen(deps.db, currentUser(request), deps.now())).toISOString() }),
    );
  };
