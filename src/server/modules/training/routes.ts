import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import {
  trainingOverviewSchema,
  trainingPartParamsSchema,
  trainingSavedInputSchema,
  trainingWatchedInputSchema,
} from '#shared/schemas/training.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../plugins/session.js';
import { setTrainingMark, trainingOverview } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const trainingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const overview = (request: FastifyRequest) => trainingOverview(deps.db, currentUser(request), deps.env.TRAINING_VIDEO_IDS);

    app.get(
      '/api/training',
      {
        config: { requires: { pro: 'training' } },
        schema: { tags: ['training'], summary: 'The training parts with your saved and watched marks and progress (Pro)', response: { 200: trainingOverviewSchema, ...errors } },
      },
      async (request) => overview(request),
    );

    app.put(
      '/api/training/:partId/saved',
      {
        config: { requires: { pro: 'training' } },
        schema: {
          tags: ['training'],
          summary: 'Save a part for later, or unsave it (idempotent; Pro)',
          params: trainingPartParamsSchema,
          body: trainingSavedInputSchema,
          response: { 200: trainingOverviewSchema, ...errors },
        },
      },
      async (request) => {
        await setTrainingMark(deps.db, currentUser(request), request.params.partId, 'saved', request.body.saved, deps.now());
        return overview(request);
      },
    );

    app.put(
      '/api/training/:partId/watched',
      {
        config: { requires: { pro: 'training' } },
        schema: {
          tags: ['training'],
          summary: 'Mark a part watched, or not (idempotent; Pro)',
          params: trainingPartParamsSchema,
          body: trainingWatchedInputSchema,
          response: { 200: trainingOverviewSchema, ...errors },
        },
      },
      async (request) => {
        await setTrainingMark(deps.db, currentUser(request), request.params.partId, 'watched', request.body.watched, deps.now());
        return overview(request);
      },
    );
  };
