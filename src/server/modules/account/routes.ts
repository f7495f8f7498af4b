import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountDeletionSchema,
  accountExportSchema,
  emailChangeSchema,
  passwordChangeSchema,
  profileUpdateSchema,
} from '#shared/schemas/account.js';
import { okSchema } from '#shared/schemas/auth.js';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import { userSchema } from '#shared/schemas/user.js';
import type { AppDeps } from '../../deps.js';
import { passwordCheckLimit } from '../../plugins/rate-limits.js';
import { clearSessionCookie, currentUser, requireUser } from '../../plugins/session.js';
import { stopRenewals } from '../billing/service.js';
import { saveProfile } from '../onboarding/service.js';
import { toUserDto } from '../user/service.js';
import { changeEmail, changePassword, deleteAccount, exportAccount } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export const accountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Routes that check the current password share the sign-in's per-address limit, so a
    // session left open on a shared computer cannot be used to guess the password.
    const passwordChecked = passwordCheckLimit(deps.env.AUTH_RATE_LIMIT_PER_IP);

    app.put(
      '/api/account/profile',
      {
        preValidation: requireUser,
        schema: { tags: ['account'], summary: 'Edit the profile (the onboarding fields)', body: profileUpdateSchema, response: { 200: userSchema, ...errors } },
      },
      async (request) => toUserDto(await saveProfile(deps.db, currentUser(request).id, request.body)),
    );

    app.put(
      '/api/account/email',
      {
        preValidation: requireUser,
        config: passwordChecked,
        schema: { tags: ['account'], summary: 'Change the email address', body: emailChangeSchema, response: { 200: userSchema, ...errors } },
      },
      async (request) => toUserDto(await changeEmail(deps.db, currentUser(request), request.body)),
    );

    app.put(
      '/api/account/password',
      {
        preValidation: requireUser,
        config: passwordChecked,
        schema: {
          tags: ['account'],
          summary: 'Change the password; every other session ends',
          body: passwordChangeSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await changePassword(deps.db, currentUser(request), request.sessionToken ?? '', request.body);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/account/export',
      {
        preValidation: requireUser,
        schema: { tags: ['account'], summary: 'Download everything we hold about you as one JSON file', response: { 200: accountExportSchema, ...errors } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const now = deps.now();
        const file = `${deps.env.PRODUCT_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-export-${now.toISOString().slice(0, 10)}.json`;
        reply.header('content-disposition', `attachment; filename="${file}"`);
        reply.header('cache-control', 'no-store');
        return exportAccount(deps.db, user, request.sessionToken, deps.env.PRODUCT_NAME, now);
      },
    );

    app.delete(
      '/api/account',
      {
        preValidation: requireUser,
        config: passwordChecked,
        schema: { tags: ['account'], summary: 'Delete the account and its data; the session ends', body: accountDeletionSchema, response: { 200: okSchema, ...errors } },
      },
      async (request, reply) => {
        const billing = { db: deps.db, provider: deps.billing.provider, now: deps.now };
        await deleteAccount(deps.db, currentUser(request), request.body, (userId) => stopRenewals(billing, userId));
        clearSessionCookie(request, reply, deps);
        return { ok: true as const };
      },
    );
  };
