import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema, sessionStateSchema, signInSchema, signUpSchema } from '#shared/schemas/auth.js';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import { userSchema } from '#shared/schemas/user.js';
import type { AppDeps } from '../../deps.js';
import { passwordCheckLimit } from '../../plugins/rate-limits.js';
import { clearSessionCookie, clientWithDevice, presentedToken, setDeviceCookie, setSessionCookie } from '../../plugins/session.js';
import { recordSighting, recordSignUp } from '../referrals/service.js';
import { toUserDto } from '../user/service.js';
import { signIn, signUp } from './service.js';
import { deleteSession } from './sessions.js';

const WINDOW_MS = 15 * 60 * 1000;

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signInLimits = {
      perAccountAndAddress: { max: deps.env.AUTH_RATE_LIMIT_PER_ACCOUNT_PER_IP, windowMs: WINDOW_MS },
      perAccount: { max: deps.env.AUTH_RATE_LIMIT_PER_ACCOUNT, windowMs: WINDOW_MS },
    };
    // Per-address limit on both doors (product §2.4), enforced by @fastify/rate-limit.
    const perAddress = passwordCheckLimit(deps.env.AUTH_RATE_LIMIT_PER_IP);
    const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

    app.post(
      '/api/auth/signup',
      {
        config: perAddress,
        schema: { tags: ['auth'], summary: 'Create an account and sign in', body: signUpSchema, response: { 201: userSchema, ...errors } },
      },
      async (request, reply) => {
        const now = deps.now();
        // The browser and network it signs up from decide whether a referral can earn (docs/decisions/0016).
        const client = clientWithDevice(request, deps);
        const { user, token } = await signUp(deps.db, request.body, now, deps.plans.trial.days, presentedToken(request, deps), (tx, created) =>
          recordSignUp(tx, created, client, now),
        );
        setSessionCookie(request, reply, deps, token);
        setDeviceCookie(request, reply, deps);
        return reply.status(201).send(toUserDto(user));
      },
    );

    app.post(
      '/api/auth/signin',
      {
        config: perAddress,
        schema: { tags: ['auth'], summary: 'Sign in with email or username', body: signInSchema, response: { 200: userSchema, ...errors } },
      },
      async (request, reply) => {
        const { user, token } = await signIn(deps.db, request.body, signInLimits, request.ip, deps.now(), presentedToken(request, deps));
        setSessionCookie(request, reply, deps, token);
        await recordSighting(deps.db, user.id, clientWithDevice(request, deps), deps.now());
        setDeviceCookie(request, reply, deps);
        return toUserDto(user, { plans: deps.plans, now: deps.now() });
      },
    );

    app.get(
      '/api/auth/session',
      { schema: { tags: ['auth'], summary: 'The signed-in user, or null when signed out', response: { 200: sessionStateSchema } } },
      async (request) => {
        if (request.user) return { user: toUserDto(request.user, { plans: deps.plans, now: deps.now() }) };
        return request.sessionRevoked ? { user: null, signedOutBecause: request.sessionRevoked } : { user: null };
      },
    );

    app.post(
      '/api/auth/signout',
      { schema: { tags: ['auth'], summary: 'End the current session', response: { 200: okSchema, 403: apiErrorSchema } } },
      async (request, reply) => {
        if (request.sessionToken) await deleteSession(deps.db, request.sessionToken);
        clearSessionCookie(request, reply, deps);
        return { ok: true as const };
      },
    );
  };
