import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '#shared/schemas/auth.js';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import { deckAnswerInputSchema, deckAnswerResultSchema, deckCardInputSchema, deckCardParamsSchema, deckCardSchema, deckDueSchema, deckSchema } from '#shared/schemas/deck.js';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { addCard, answerCard, deleteCard, dueCards, editCard, readDeck } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * The objection deck (issue #27 item 3). Every plan keeps its deck (sees, edits, adds lines):
 * those routes say `requires: 'none'` and sign in themselves. Drilling is coaching, so it needs
 * the trial, Basic or Pro (`{ coaching: 'drills' }`, billing/pro-gate.ts).
 */
export const deckRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/deck',
      {
        config: { requires: 'none' },
        preValidation: requireUser,
        schema: { tags: ['deck'], summary: 'Your objection deck: every buyer line with when it is due and how strong it is', response: { 200: deckSchema, ...errors } },
      },
      async (request) => readDeck(deps.db, currentUser(request), deps.now()),
    );

    app.post(
      '/api/deck',
      {
        config: { requires: 'none' },
        preValidation: requireUser,
        schema: { tags: ['deck'], summary: 'Add a buyer line to your deck', body: deckCardInputSchema, response: { 201: deckCardSchema, ...errors } },
      },
      async (request, reply) => reply.code(201).send(await addCard(deps.db, currentUser(request), request.body.text, deps.now())),
    );

    app.patch(
      '/api/deck/cards/:id',
      {
        config: { requires: 'none' },
        preValidation: requireUser,
        schema: { tags: ['deck'], summary: 'Reword a line (its schedule stays)', params: deckCardParamsSchema, body: deckCardInputSchema, response: { 200: deckCardSchema, ...errors } },
      },
      async (request) => editCard(deps.db, currentUser(request), request.params.id, request.body.text, deps.now()),
    );

    app.delete(
      '/api/deck/cards/:id',
      {
        config: { requires: 'none' },
        preValidation: requireUser,
        schema: { tags: ['deck'], summary: 'Delete a line and its reviews', params: deckCardParamsSchema, response: { 200: okSchema, ...errors } },
      },
      async (request) => {
        await deleteCard(deps.db, currentUser(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/deck/due',
      {
        config: { requires: { coaching: 'drills' } },
        schema: { tags: ['deck'], summary: 'The cards due for a drill, the longest overdue first (trial, Basic, Pro)', response: { 200: deckDueSchema, ...errors } },
      },
      async (request) => dueCards(deps.db, currentUser(request), deps.now()),
    );

    app.post(
      '/api/deck/cards/:id/answer',
      {
        config: { requires: { coaching: 'drills' } },
        schema: {
          tags: ['deck'],
          summary: 'Answer a drill: scored by the role-play rubric, the card rescheduled by FSRS (trial, Basic, Pro)',
          params: deckCardParamsSchema,
          body: deckAnswerInputSchema,
          response: { 200: deckAnswerResultSchema, ...errors },
        },
      },
      async (request) => answerCard(deps.db, currentUser(request), request.params.id, request.body.answer, deps.now()),
    );
  };
