import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBodySchema, referralStateSchema } from '../../../shared/schemas/billing.js';
import { apiErrorSchema } from '../../../shared/schemas/errors.js';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { redeemFreeMonth, referralState } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

export const referralRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/referral',
      {
        preValidation: requireUser,
        schema: { tags: ['referrals'], summary: 'Your referral code and link, free Pro months and referrals', response: { 200: referralStateSchema, ...errors } },
      },
      // The link is built on PUBLIC_URL or left as a path, never on the request's Host (service.ts referralLink).
      async (request) => referralState(deps.db, currentUser(request).id, deps.env.PUBLIC_URL, deps.plans, deps.now()),
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
      async (request) => redeemFreeMonth(deps.db, currentUser(request).id, deps.env.PUBLIC_URL, deps.plans, deps.now()),
    );
  };
