import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildPlanCatalogue } from '#shared/plans.js';
import type { AppDeps, AppInputs } from './deps.js';
import { selectCoachEngine, type CoachEngine } from './modules/coach/service.js';
import { createLogger } from './logger.js';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/errors.js';
import { registerClientFiles } from './plugins/client-files.js';
import { registerCompression } from './plugins/compression.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerHousekeeping } from './plugins/housekeeping.js';
import { postgresRateLimitStore } from './plugins/rate-limits.js';
import { registerSession } from './plugins/session.js';
import { accountRoutes } from './modules/account/routes.js';
import { billingRoutes, sandboxRoutes } from './modules/billing/routes.js';
import { offsetClock, selectPaymentProvider, stripeKeys } from './modules/billing/service.js';
import { registerProGate } from './modules/billing/service.js';
import { webhookRoutes } from './plugins/webhooks.js';
import { authRoutes } from './modules/auth/routes.js';
import { chatRoutes } from './modules/chat/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { communityRoutes, moderationRoutes } from './modules/community/routes.js';
import { escalationRoutes } from './modules/escalations/routes.js';
import { feedbackRoutes, feedbackTriageRoutes } from './modules/feedback/routes.js';
import { knowledgeRoutes } from './modules/knowledge/routes.js';
import { ensureStarterKnowledge } from './modules/knowledge/service.js';
import { configRoutes } from './modules/config/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { onboardingRoutes } from './modules/onboarding/routes.js';
import { plansRoutes } from './modules/plans/routes.js';
import { progressRoutes } from './modules/progress/routes.js';
import { deckRoutes } from './modules/deck/routes.js';
import { referralRoutes } from './modules/referrals/routes.js';
import { lessonAdminRoutes, trainingRoutes } from './modules/training/routes.js';
import { practiceRoutes } from './modules/practice/routes.js';
import { tutorialRoutes } from './modules/tutorial/routes.js';
import { userRoutes } from './modules/user/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The coach engine the app answers with. */
    coach: CoachEngine;
  }
}

export async function buildApp(inputs: AppInputs): Promise<FastifyInstance> {
  // The test clock exists only with SANDBOX_TEST_CLOCK=1 and the sandbox (env.ts refuses it with Stripe keys).
  const testClock = inputs.env.SANDBOX_TEST_CLOCK && !inputs.billingProvider && !stripeKeys(inputs.env) ? offsetClock(inputs.now) : null;
  const now = testClock?.now ?? inputs.now;
  const selected = inputs.billingProvider ? { provider: inputs.billingProvider, sandbox: null } : selectPaymentProvider(inputs.env, { db: inputs.db, now });
  const logger = inputs.logger ?? createLogger(inputs.env.LOG_LEVEL);
  const deps: AppDeps = {
    ...inputs,
    logger,
    now,
    plans: buildPlanCatalogue(inputs.env.TRIAL_DAYS),
    coach: inputs.coach ?? (await selectCoachEngine(inputs.env, { log: logger })),
    billing: { ...selected, testClock: testClock ? { advance: testClock.advance } : null },
  };
  const app = Fastify({
    // The same logger the coach engine writes to (logger.ts keeps cookies, bodies and SQL out).
    loggerInstance: logger,
    trustProxy: deps.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  registerSecurityHeaders(app);
  // Before any route: the plugin hooks into each route as it is added.
  await registerCompression(app);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(deps.db, deps.now),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many attempts from this address. Try again in ${Math.max(1, Math.ceil(ctx.ttl / 60000))} minute(s).`,
    }),
  });
  await app.register(swagger, {
    openapi: { info: { title: `${deps.env.PRODUCT_NAME} API`, version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerHousekeeping(app, deps.db, deps.now);
  // The provider's webhook in a scope of its own: raw bodies, its own size limit, and outside the
  // origin check and the session below, which are registered in the API's scope only.
  await app.register(webhookRoutes(deps));
  await app.register(async (api) => {
    // JSON only ('Requests must be sent as JSON', 415): Fastify's default text/plain parser let a
    // route that reads no body run on a text/plain POST, a type any page may send without a preflight.
    api.removeContentTypeParser('text/plain');
    registerOriginCheck(api, { publicUrl: deps.env.PUBLIC_URL, allowedOrigins: deps.env.ALLOWED_ORIGINS, listenHost: deps.env.HOST });
    registerSession(api, deps);
    // Before the routes: each route under a Pro path must declare its requirement, checked as it is added.
    registerProGate(api, deps);

    await api.register(healthRoutes(deps));
    await api.register(configRoutes(deps));
    await api.register(plansRoutes(deps));
    await api.register(authRoutes(deps));
    await api.register(userRoutes(deps));
    await api.register(onboardingRoutes(deps));
    await api.register(tutorialRoutes(deps));
    await api.register(trainingRoutes(deps));
    await api.register(practiceRoutes(deps));
    await api.register(progressRoutes(deps));
    await api.register(deckRoutes(deps));
    await api.register(accountRoutes(deps));
    await api.register(chatRoutes(deps));
    await api.register(feedbackRoutes(deps));
    await api.register(communityRoutes(deps));
    // The admin scope: one gate (signed in, admin, unlocked) and the audit log for everything inside.
    await api.register(
      adminRoutes(deps, [
        { routes: escalationRoutes(deps) },
        { routes: knowledgeRoutes(deps) },
        { routes: feedbackTriageRoutes(deps), prefix: '/api' },
        { routes: moderationRoutes(deps) },
        { routes: lessonAdminRoutes(deps) },
      ]),
    );
    await api.register(billingRoutes(deps));
    if (deps.billing.sandbox) await api.register(sandboxRoutes(deps, deps.billing.sandbox));
    // Inside the API's scope: outside it a route has no session (every call 401) and no origin check.
    await api.register(referralRoutes(deps));
  });
  if (testClock) app.log.warn('SANDBOX_TEST_CLOCK is on: POST /api/sandbox/advance-clock moves the clock (browser tests only)');

  // The coach needs its knowledge from the first message on; a no-op once there is any.
  await ensureStarterKnowledge(deps.db);

  registerClientFiles(app, deps);
  // For the start-up line and the reachability check (main.ts).
  app.decorate('coach', deps.coach);
  return app;
}
