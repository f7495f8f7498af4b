import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingStateSchema,
  createSubscriptionResultSchema,
  createSubscriptionSchema,
  emptyBodySchema,
  paymentSuccessSchema,
  type CheckoutPlan,
} from '#shared/schemas/billing.js';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { billingState, setCancelAtPeriodEnd } from './billing-state.js';
import { confirmPaymentSuccess, createSubscription, type CheckoutDeps } from './checkout.js';
import { paymentCallLimit } from './payment-limit.js';

// app.ts mounts a module's route plugins through its routes.ts (scripts/boundaries.ts).
export { sandboxRoutes } from './sandbox-routes.js';

// 503: the payment provider could not be reached (provider.ts whenReachable), with Retry-After.
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

const CREATE_ROUTES: [string, CheckoutPlan, string][] = [
  ['/api/create-basic-subscription', 'basic', 'Start a Basic subscription: the first payment to confirm'],
  ['/api/create-pro-subscription', 'pro', 'Start a Pro subscription: the first payment to confirm'],
  ['/api/create-pro-promo-subscription', 'proPromo', 'Start Pro at the launch price (once per user): the first payment to confirm'],
];

/** Checkout and the account's subscription (issue #14). The user is always the session's; bodies are strict. */
export const billingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const checkout: CheckoutDeps = { db: deps.db, provider: deps.billing.provider, plans: deps.plans, now: deps.now };
    const limited = paymentCallLimit(deps);

    // The one error handler answers an HttpError without logging it; the operator still wants a
    // line, with the provider's own error, each time the payment provider could not be reached.
    app.addHook('onError', async (request, _reply, error) => {
      if (error instanceof HttpError && error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, 'payment provider unreachable');
    });

    for (const [url, plan, summary] of CREATE_ROUTES) {
      app.post(
        url,
        {
          preValidation: requireUser,
          preHandler: limited,
          schema: { tags: ['billing'], summary, body: createSubscriptionSchema, response: { 200: createSubscriptionResultSchema, ...errors } },
        },
        async (request) => createSubscription(checkout, currentUser(request), plan, request.body.attemptId),
      );
    }

    app.post(
      '/api/payment-success',
      {
        preValidation: requireUser,
        preHandler: limited,
        schema: {
          tags: ['billing'],
          summary: "The browser's hint that it paid: the server re-checks with the provider and applies what it says",
          body: paymentSuccessSchema,
          response: { 200: billingStateSchema, ...errors },
        },
      },
      async (request) => confirmPaymentSuccess(checkout, currentUser(request), request.body),
    );

    app.get(
      '/api/billing',
      { preValidation: requireUser, schema: { tags: ['billing'], summary: 'The plan, the subscription and what to tell the user', response: { 200: billingStateSchema, ...errors } } },
      async (request) => billingState(deps.db, deps.billing.provider.name, currentUser(request).id, deps.plans, deps.now()),
    );

    for (const [url, cancel, summary] of [
      ['/api/billing/cancel', true, 'Cancel at the period end: access continues until then'],
      ['/api/billing/resume', false, 'Undo a cancellation before the period ends'],
    ] as const) {
      app.post(
        url,
        // No body at all (the client's helper sends none when it has none) arrives as null.
        { preValidation: requireUser, preHandler: limited, schema: { tags: ['billing'], summary, body: emptyBodySchema.nullish(), response: { 200: billingStateSchema, ...errors } } },
        async (request) => setCancelAtPeriodEnd(checkout, currentUser(request), cancel),
      );
    }
  };
