import { describe, expect, it } from 'vitest';
import { readEnv } from '../../env.js';
import { stripeKeys } from './select-provider.js';

describe('choosing the payment provider', () => {
  it('the sandbox without keys; Stripe only with all three; a partial set stops the start', () => {
    expect(stripeKeys(readEnv({}))).toBeNull();
    const all = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(stripeKeys(readEnv(all))).toEqual({ secretKey: 'sk_test_abc', publishableKey: 'pk_test_abc', webhookSecret: 'whsec_abc' });
    expect(() => readEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY: is required: Stripe needs all of/);
    expect(() => readEnv({ ...all, STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key/);
  });
});
