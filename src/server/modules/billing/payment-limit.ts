import type { AppDeps } from '../../deps.js';
import { perUserLimit } from '../../plugins/rate-limits.js';

/**
 * Every call that reaches the payment provider counts against one per-user budget: generous for
 * a person retrying a card, tight for a script testing stolen card numbers or hammering the
 * provider's API with our keys.
 */
const PAYMENT_CALLS_PER_USER = { max: 30, windowMs: 10 * 60_000 };
export const paymentCallLimit = (deps: AppDeps) =>
  perUserLimit(deps.db, deps.now, 'billing-payment', PAYMENT_CALLS_PER_USER, (s) => `Too many payment attempts. Please wait ${s} second(s) and try again.`);
