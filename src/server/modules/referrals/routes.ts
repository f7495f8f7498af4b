import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBodySchema, referralCodeCheckSchema, referralCodeSchema, referralStateSchema } from '#shared/schemas/billing.js';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import type { AppDeps } from '../../deps.js';
import { passwordCheckLimit } from '../../plugins/rate-limits.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { existingReferralCode, redeemFreeMonth, referralState } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

export const referralRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The sign-up page asks before it says "A friend invited you" (issue #25). Public, so it answers
    // valid or not and nothing more (no name, no count), and each address may ask only as often
    // as it may try a password: guessing codes is as slow as guessing sign-ins.
    app.get(
      '/api/referral/codes/:code',
      {
        config: passwordCheckLimit(deps.env.AUTH_RATE_LIMIT_PER_IP),
        schema: {
          tags: ['referrals'],
          summary: 'Whether a referral code belongs to an account',
          params: z.object({ code: referralCodeSchema }),
          response: { 200: referralCodeCheckSchema, 400: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request) => ({ valid: (await existingReferralCode(deps.db, request.params.code)) !== null }),
    );

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
