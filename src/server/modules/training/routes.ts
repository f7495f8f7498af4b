import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import {
  trainingCheckInputSchema,
  trainingCheckResultSchema,
  trainingDrillInputSchema,
  trainingDrillStartedSchema,
  trainingLessonSchema,
  trainingOverviewSchema,
  trainingPartParamsSchema,
  trainingSavedInputSchema,
} from '#shared/schemas/training.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../plugins/session.js';
import { lessonVideoRoutes } from './lesson-admin-routes.js';
import { liveLessons, loadShippedLessons } from './lesson-versions.js';
import { defaultLessonsDir, loadLessons } from './lessons.js';
import { drillLesson, scoreCheck, setSaved, trainingLesson, trainingOverview, type TrainingContent } from './service.js';

// The lessons' admin API (versions, uploaded videos), mounted by app.ts in the admin scope.
export { lessonAdminRoutes } from './lesson-admin-routes.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const trainingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Read at start-up: a malformed lesson file stops the server here, naming the file (lessons.ts).
    const shipped = loadShippedLessons(deps.lessonsDir ?? defaultLessonsDir(), loadLessons);
    // Read per request: an admin's saved version or upload reaches users with their next read (lesson-versions.ts).
    const live = (): Promise<TrainingContent> => liveLessons(deps.db, shipped, deps.env.TRAINING_VIDEO_IDS);
    await app.register(lessonVideoRoutes(deps));

    app.get(
      '/api/training',
      {
        config: { requires: { pro: 'training' } },
        schema: { tags: ['training'], summary: 'The training lessons with your saved and completed marks (Pro)', response: { 200: trainingOverviewSchema, ...errors } },
      },
      async (request) => trainingOverview(deps.db, currentUser(request), await live()),
    );

    app.get(
      '/api/training/:partId',
      {
        config: { requires: { pro: 'training' } },
        schema: {
          tags: ['training'],
          summary: "One written lesson: sections, lines per motion, the check's questions (without answers) and the drill (Pro)",
          params: trainingPartParamsSchema,
          response: { 200: trainingLessonSchema, ...errors },
        },
      },
      async (request) => trainingLesson(deps.db, currentUser(request), await live(), request.params.partId),
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
        await setSaved(deps.db, currentUser(request), request.params.partId, request.body.saved, deps.now());
        return trainingOverview(deps.db, currentUser(request), await live());
      },
    );

    app.post(
      '/api/training/:partId/check',
      {
        config: { requires: { pro: 'training' } },
        schema: {
          tags: ['training'],
          summary: "Answer the lesson's three-question check: scored here, passing (3 of 3) completes the part (Pro)",
          params: trainingPartParamsSchema,
          body: trainingCheckInputSchema,
          response: { 200: trainingCheckResultSchema, ...errors },
        },
      },
      async (request) => scoreCheck(deps.db, currentUser(request), await live(), request.params.partId, request.body, deps.now()),
    );

    app.post(
      '/api/training/:partId/drill',
      {
        config: { requires: { pro: 'training' } },
        schema: {
          tags: ['training'],
          summary: "Start the lesson's drill: a role-play conversation that opens with the buyer's first line for the motion; ending its scene with feedback completes the part (Pro)",
          params: trainingPartParamsSchema,
          body: trainingDrillInputSchema,
          response: { 200: trainingDrillStartedSchema, 402: apiErrorSchema, ...errors },
        },
      },
      async (request) => drillLesson(deps.db, currentUser(request), deps.plans, await live(), request.params.partId, request.body.motion, deps.now()),
    );
  };
