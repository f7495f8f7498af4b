import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { emptyBodySchema, referralStateSchema } from '../../../shared/schemas/billing.js';
import { apiErrorSchema } from '../../../shared/schemas/errors.js';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { redeemFreeMonth, referralState } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

/**
 * Where people open the app, for the shared link: the configured PUBLIC_URL when there is one
 * (behind a proxy the Host header may name an internal address), else the request's own scheme
 * and host (X-Forwarded-* only when TRUST_PROXY says the proxy is ours).
 */
function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}

export const referralRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/referral',
      {
        preValidation: requireUser,
        schema: { tags: ['referrals'], summary: 'Your referral code and link, free Pro months and referrals', response: { 200: referralStateSchema, ...errors } },
      },
      async (request) => referralState(deps.db, currentUser(request).id, publicOrigin(request, deps.env.PUBLIC_URL), deps.plans, deps.now()),
    );

    app.post(
      '/api/referral/redeem',
      {
        preValidation: requireUser,
        schema: {
          tags: ['referrals'],
          summary: 'Redeem one free Pro month: 30 more days of Pro',
          // No body (Fastify gives null), or {}: nothing the browser sends chooses what is redeemed.
          body: emptyBodySchema.nullish(),
          response: { 200: referralStateSchema, ...errors },
        },
      },
      async (request) => redeemFreeMonth(deps.db, currentUser(request).id, publicOrigin(request, deps.env.PUBLIC_URL), deps.plans, deps.now()),
    );
  };
