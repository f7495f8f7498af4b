import { z } from 'zod';

/** Every 4xx/5xx answer: a readable message and, for validation failures, the field errors. */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requiresPayment: z.boolean().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
