import type { Db } from '../../db/client.js';
import type { Env } from '../../env.js';
import { handleProviderEvent } from './checkout.js';
import type { PaymentProviderApi } from './provider.js';
import { createSandboxProvider, type SandboxProvider } from './providers/sandbox.js';
import { createStripeProvider } from './providers/stripe.js';

export interface SelectedProvider {
  provider: PaymentProviderApi;
  /** The same object when the sandbox is the provider: its card form and renewals have routes of their own. */
  sandbox: SandboxProvider | null;
}

/** The Stripe keys, when all three are set (env.ts refuses a partial set at start-up). */
export function stripeKeys(env: Env): { secretKey: string; publishableKey: string; webhookSecret: string } | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  return secretKey && publishableKey && webhookSecret ? { secretKey, publishableKey, webhookSecret } : null;
}

/**
 * The payment provider (product §4), chosen once in buildApp, on the coach engine's pattern:
 * Stripe when its keys are set, else the built-in sandbox, whose events go to the same handler
 * as Stripe's webhooks.
 */
export function selectPaymentProvider(env: Env, deps: { db: Db; now: () => Date }): SelectedProvider {
  const keys = stripeKeys(env);
  if (keys) return { provider: createStripeProvider({ ...keys, now: deps.now }), sandbox: null };
  const sandbox: SandboxProvider = createSandboxProvider({
    db: deps.db,
    now: deps.now,
    deliver: (event) => handleProviderEvent({ db: deps.db, provider: sandbox, now: deps.now }, event),
  });
  return { provider: sandbox, sandbox };
}
