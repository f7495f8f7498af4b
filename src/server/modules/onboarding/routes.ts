import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import { onboardingSchema } from '#shared/schemas/onboarding.js';
import { userSchema } from '#shared/schemas/user.js';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { toUserDto } from '../user/service.js';
import { saveProfile } from './service.js';

export const onboardingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/onboarding',
      {
        preValidation: requireUser,
        schema: {
          tags: ['onboarding'],
          summary: "Save the signed-in rep's profile and complete onboarding",
          body: onboardingSchema,
          response: { 200: userSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (request) => toUserDto(await saveProfile(deps.db, currentUser(request).id, request.body)),
    );
  };
