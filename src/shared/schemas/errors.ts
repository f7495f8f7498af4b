import { z } from 'zod';

/**
 * Machine-readable reasons a client branches on; the message is for people. `payment_required`:
 * the plan does not cover this (402; 403 on Pro's features: training, community, analytics). `rate_limited`: too many requests, see Retry-After (429).
 * `invalid_input`: the fields named in `errors` are wrong (400). `password_changed`: this
 * device's session was ended by a password change made on another one (401). `card_declined`:
 * the payment provider refused the card; the message says why (402). `admin_locked`: an admin
 * whose panel is not unlocked in this session, or whose unlock has run out (403). `turn_in_progress`:
 * a chat message sent again while its first try is still being answered, for longer than the
 * retry waits (409).
 */
export const ERROR_CODES = ['payment_required', 'rate_limited', 'invalid_input', 'password_changed', 'card_declined', 'admin_locked', 'turn_in_progress'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every 4xx/5xx answer: a readable message and, for validation failures, the field errors. */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.enum(ERROR_CODES).optional(),
  /** product §14.2's flag on a 402, kept beside `code: 'payment_required'` for clients written to it. */
  requiresPayment: z.boolean().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
