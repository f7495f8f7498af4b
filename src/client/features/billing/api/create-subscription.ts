import type { CheckoutPlan, CreateSubscriptionInput, CreateSubscriptionResult } from '#shared/schemas/billing';
import { apiRequest } from '../../../lib/api-client';

const CREATE_PATHS: Record<CheckoutPlan, string> = {
  basic: '/api/create-basic-subscription',
  pro: '/api/create-pro-subscription',
  proPromo: '/api/create-pro-promo-subscription',
};

/**
 * POST /api/create-{basic,pro,pro-promo}-subscription: an incomplete subscription and the first
 * payment to confirm. The same `attemptId` answers with the same subscription, so a second click
 * or a retry never makes a second one.
 */
export const createSubscription = (plan: CheckoutPlan, input: CreateSubscriptionInput) =>
  apiRequest<CreateSubscriptionResult>('POST', CREATE_PATHS[plan], input);
