import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { isPaymentRequired } from './payment-required';

describe('isPaymentRequired', () => {
  it("reads the server's code, not the status", () => {
    expect(isPaymentRequired(new ApiRequestError(403, 'The community is part of Pro.', { code: 'payment_required' }))).toBe(true);
    expect(isPaymentRequired(new ApiRequestError(402, 'Your free weekly chat has been used.', { code: 'payment_required', requiresPayment: true }))).toBe(true);
    expect(isPaymentRequired(new ApiRequestError(403, 'You can only act on your own account.'))).toBe(false);
    expect(isPaymentRequired(new ApiRequestError(403, 'The admin panel is locked.', { code: 'admin_locked' }))).toBe(false);
    expect(isPaymentRequired(new Error('payment_required'))).toBe(false);
    expect(isPaymentRequired(null)).toBe(false);
  });
});
