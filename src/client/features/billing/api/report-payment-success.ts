import type { BillingState, PaymentSuccessInput } from '#shared/schemas/billing';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/payment-success: asks the server to check the payment with the provider. It grants
 * nothing by itself; the answer is the plan the provider's word gives.
 */
export const reportPaymentSuccess = (input: PaymentSuccessInput) => apiRequest<BillingState>('POST', '/api/payment-success', input);
