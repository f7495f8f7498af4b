import { ApiRequestError } from './api-client';

/**
 * The server's refusal for want of a plan (`code: 'payment_required'`, on a Pro feature's 403 or
 * the free tier's 402): the page offers the upgrade. Read from the code, not the status, so any
 * other 403 (not yours, the admin lock) shows as the error it is.
 */
export const isPaymentRequired = (err: unknown): boolean => err instanceof ApiRequestError && err.body.code === 'payment_required';
