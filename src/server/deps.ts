import type { PlanCatalogue } from '#shared/plans.js';
import type { Db } from './db/client.js';
import type { Env } from './env.js';
import type { AppLogger } from './logger.js';
import type { PaymentProviderApi, SandboxProvider } from './modules/billing/service.js';
import type { CoachEngine } from './modules/coach/service.js';

/*
 * What buildApp() is given and what every module receives. In a file of its own so that the
 * modules and plugins, which app.ts imports, do not import app.ts back.
 */

export interface AppInputs {
  env: Env;
  db: Db;
  /** The clock every rule reads, so tests can move time. */
  now: () => Date;
  /** The built client (index.html and assets); omitted in API-only tests. */
  clientDir?: string;
  /** The coach engine; by default the one COACH_PROVIDER selects. Tests pass their own. */
  coach?: CoachEngine;
  /** The payment provider; by default the one the Stripe keys select (billing/select-provider.ts). Tests pass their own. */
  billingProvider?: PaymentProviderApi;
  /** The training lessons' folder (modules/training/lessons.ts); by default the one shipped with the app. Tests pass a malformed one. */
  lessonsDir?: string;
  /** The practice plan's catalogue (modules/practice/behaviours.ts); by default the one shipped with the app. Tests pass a malformed one. */
  behavioursFile?: string;
  /** The app's logger (logger.ts), shared by Fastify and the coach engine; by default one at LOG_LEVEL on standard output. */
  logger?: AppLogger;
}

/** What every module receives: the inputs plus what is derived from them once. */
export interface AppDeps extends AppInputs {
  logger: AppLogger;
  plans: PlanCatalogue;
  coach: CoachEngine;
  billing: {
    provider: PaymentProviderApi;
    /** Set when the sandbox is the provider: its card form and renewals. */
    sandbox: SandboxProvider | null;
    /** Set only with SANDBOX_TEST_CLOCK=1 and the sandbox: moves `now` forward for browser tests. */
    testClock: { advance: (ms: number) => void } | null;
  };
}
