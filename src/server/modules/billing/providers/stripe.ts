import type Stripe from 'stripe';
import type { PaymentProviderApi } from '../provider.js';

/*
 * STUB. The Stripe provider is built on its own branch (wt-stripe-referrals), and the merge
 * replaces this file. It keeps the agreed signature so select-provider.ts compiles against it.
 */

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  httpClient?: Stripe.HttpClient;
  now?: () => Date;
}

export function createStripeProvider(_options: StripeProviderOptions): PaymentProviderApi {
  throw new Error('Stripe provider not built yet');
}
