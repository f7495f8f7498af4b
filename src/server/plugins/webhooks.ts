import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import type { AppDeps } from '../deps.js';
import { handleProviderEvent } from '../modules/billing/service.js';

/** Stripe's events are a few kilobytes; a generous bound that is still far below the API's. */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/webhooks/stripe, in an encapsulated plugin of its own: the signature is computed
 * over the exact bytes Stripe sent, so this scope parses every body as a raw Buffer (whatever
 * its content type) instead of the API's JSON parser, with its own size limit. buildApp
 * registers it before the origin check and the session hook: Stripe's servers send no browser
 * Origin and no cookie, and the signature is what authenticates them. A delivery that does not
 * verify is refused (400) with nothing written; a verified one goes to the one event handler.
 */
export const webhookRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    rawBodies(app);
    app.post(
      '/api/webhooks/stripe',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['billing'],
          summary: "The payment provider's webhook (Stripe-Signature checked over the raw body)",
          response: { 200: z.object({ received: z.literal(true) }), 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) return reply.status(400).send({ message: 'The webhook has no body.' });
        const { provider } = deps.billing;
        const verified = provider.verifyWebhook(body, request.headers);
        if (!verified.ok) {
          // The reason names the check that failed (signature, timestamp), never the payload.
          request.log.warn({ reason: verified.reason }, 'webhook refused');
          return reply.status(400).send({ message: 'Webhook signature verification failed.' });
        }
        if (verified.event) await handleProviderEvent({ db: deps.db, provider, now: deps.now }, verified.event);
        return { received: true as const };
      },
    );
  };

function rawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
}
