import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import {
  practiceAcceptInputSchema,
  practiceCheckInInputSchema,
  practicePlanSchema,
  practiceQuerySchema,
  practiceReminderInputSchema,
} from '#shared/schemas/practice.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../plugins/session.js';
import { defaultBehavioursFile, loadBehaviours } from './behaviours.js';
import { acceptProposal, checkIn, markDoneToday, planCalendar, practicePlan, setReminder, swapProposal, type PracticeContent } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
// Every route is Pro (issue #27's plan split): the gate answers 401/403 before the input is read.
const pro = { requires: { pro: 'practice' as const } };

export const practiceRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Read at start-up: a malformed catalogue stops the server here, naming the file (behaviours.ts).
    const content: PracticeContent = { behaviours: loadBehaviours(deps.behavioursFile ?? defaultBehavioursFile()) };
    const plan = { 200: practicePlanSchema, ...errors };

    app.get(
      '/api/practice',
      { config: pro, schema: { tags: ['practice'], summary: "This week's practice: the proposal, or the accepted week with the streak; proposes one when there is none (Pro)", querystring: practiceQuerySchema, response: plan } },
      async (request) => practicePlan(deps.db, currentUser(request), content, deps.now(), request.query.tz),
    );

    app.post(
      '/api/practice/accept',
      { config: pro, schema: { tags: ['practice'], summary: "Accept the proposal: the week starts today in the rep's time zone (Pro)", body: practiceAcceptInputSchema, response: plan } },
      async (request) => acceptProposal(deps.db, currentUser(request), content, deps.now(), request.body),
    );

    app.post(
      '/api/practice/swap',
      {
        config: pro,
        schema: { tags: ['practice'], summary: 'Swap the proposal for the next-best behaviour (limited times a week; Pro)', querystring: practiceQuerySchema, body: z.strictObject({}).nullish(), response: plan },
      },
      async (request) => swapProposal(deps.db, currentUser(request), content, deps.now(), request.query.tz),
    );

    app.post(
      '/api/practice/done-today',
      { config: pro, schema: { tags: ['practice'], summary: "Mark today's two-minute drill done (once a day; Pro)", body: z.strictObject({}).optional(), response: plan } },
      async (request) => markDoneToday(deps.db, currentUser(request), content, deps.now()),
    );

    app.post(
      '/api/practice/check-in',
      { config: pro, schema: { tags: ['practice'], summary: "The week-end check-in; it closes the week and feeds the next week's choice (Pro)", body: practiceCheckInInputSchema, response: plan } },
      async (request) => checkIn(deps.db, currentUser(request), content, deps.now(), request.body),
    );

    app.put(
      '/api/practice/reminder',
      { config: pro, schema: { tags: ['practice'], summary: "The daily reminder's time in the calendar file (Pro)", body: practiceReminderInputSchema, response: plan } },
      async (request) => setReminder(deps.db, currentUser(request), content, deps.now(), request.body.reminderTime),
    );

    app.get(
      '/api/practice/plan.ics',
      // Signed-in cookie only: the file is a download from the page, so no token in the URL to leak.
      { config: pro, schema: { tags: ['practice'], summary: "This week's daily reminders as a calendar file (.ics; Pro)", response: { 200: z.string(), ...errors } } },
      async (request, reply) => {
        const body = await planCalendar(deps.db, currentUser(request), content, deps.now(), deps.env.PRODUCT_NAME);
        reply.header('content-type', 'text/calendar; charset=utf-8');
        reply.header('content-disposition', 'attachment; filename="practice-plan.ics"');
        reply.header('cache-control', 'no-store');
        return body;
      },
    );
  };
