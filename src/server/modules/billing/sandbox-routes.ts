import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { sandboxConfirmResultSchema, sandboxConfirmSchema } from '#shared/schemas/billing.js';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import { DAY_MS } from '#shared/time.js';
import { runExclusive } from '../../db/exclusive-job.js';
import { sessions } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUser, requireUnlockedAdmin, requireUser } from '../../plugins/session.js';
import { recordAudit } from '../admin/service.js';
import type { SandboxProvider } from './providers/sandbox.js';
import { paymentCallLimit } from './payment-limit.js';

const HOUR_MS = 60 * 60 * 1000;

/** POST /api/sandbox/advance-clock (SANDBOX_TEST_CLOCK=1 only, an admin with the panel unlocked). */
export const advanceClockSchema = z.strictObject({ days: z.number().int().min(1).max(400) });

/**
 * The sandbox provider's own routes, registered only while it is the provider: its card form's
 * confirmation (Stripe.js's part, for the sandbox) and, for browser tests that set
 * SANDBOX_TEST_CLOCK=1, a clock that an unlocked admin moves forward. A normal start has neither
 * the env flag nor, with Stripe keys, the sandbox, and then these routes do not exist (404).
 */
export const sandboxRoutes =
  (deps: AppDeps, sandbox: SandboxProvider): FastifyPluginAsyncZod =>
  async (app) => {
    // The renewals also run in the app, hourly (and at start-up), as Stripe's would on its side;
    // `npm run billing -- renew-due` runs them at once. Row locks make concurrent runs harmless;
    // the advisory lock keeps several app processes from running them at the same moment.
    let timer: NodeJS.Timeout | undefined;
    const renew = async () => {
      try {
        await runExclusive(deps.db, 'sandbox-renewals', async () => {
          const counts = await sandbox.renewDue(deps.now());
          if (counts.renewed || counts.failed || counts.ended) app.log.info(counts, 'sandbox renewals');
        });
      } catch (err) {
        app.log.error({ err }, 'sandbox renewals failed');
      }
    };
    app.addHook('onReady', async () => {
      await renew();
      timer = setInterval(() => void renew(), HOUR_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));

    app.post(
      '/api/sandbox/confirm-payment',
      {
        preValidation: requireUser,
        preHandler: paymentCallLimit(deps),
        schema: {
          tags: ['billing'],
          summary: 'Pay a sandbox invoice with a test card (4242 4242 4242 4242 succeeds)',
          body: sandboxConfirmSchema,
          response: { 200: sandboxConfirmResultSchema, 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request) => {
        const { clientSecret, card } = request.body;
        const result = await sandbox.confirmPayment(currentUser(request).id, clientSecret, card);
        switch (result.status) {
          case 'succeeded':
            return { status: 'succeeded' as const, paymentIntentId: result.paymentIntentId };
          case 'declined':
            throw new HttpError(402, result.message, { code: 'card_declined' });
          case 'invalid':
            throw new HttpError(400, result.message, { errors: { [`card.${result.field}`]: [result.message] } });
          case 'closed':
            throw new HttpError(409, result.message);
          case 'not_found':
            throw new HttpError(404, 'Payment not found.');
        }
      },
    );

    const clock = deps.billing.testClock;
    if (!clock) return;
    app.post(
      '/api/sandbox/advance-clock',
      {
        // It moves time for everyone (every session, every renewal), so only an admin whose panel is
        // unlocked may, as for every other admin action; checked before the body, like them.
        preValidation: requireUnlockedAdmin(deps.now),
        schema: {
          tags: ['billing'],
          summary: 'Browser tests only (SANDBOX_TEST_CLOCK=1), an admin with the panel unlocked: move the clock forward and run the renewals',
          body: advanceClockSchema,
          response: {
            200: z.object({ now: z.string(), renewed: z.number().int(), failed: z.number().int(), ended: z.number().int() }),
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const ms = request.body.days * DAY_MS;
        clock.advance(ms);
        // Sign-in sessions (and a panel's unlock) move with the clock, so a browser journey stays
        // signed in across the jump (a real month passes with visits that keep the session alive).
        const shift = <T>(column: T) => sql`${column} + ${`${ms} milliseconds`}::interval`;
        await deps.db.update(sessions).set({ lastUsedAt: shift(sessions.lastUsedAt), expiresAt: shift(sessions.expiresAt), adminUnlockedUntil: shift(sessions.adminUnlockedUntil) });
        const now = deps.now();
        const counts = await sandbox.renewDue(now);
        await recordAudit(deps.db, { actorId: currentUser(request).id, action: 'sandbox.advance_clock', summary: `${request.body.days} day(s) forward, to ${now.toISOString()}`, at: now });
        return { now: now.toISOString(), ...counts };
      },
    );
  };
