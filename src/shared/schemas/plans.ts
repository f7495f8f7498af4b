import { z } from 'zod';

export const PLAN_IDS = ['free', 'trial', 'basic', 'pro', 'proPromo'] as const;

export const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  /** Price in US cents per month; 0 for free plans. */
  priceCents: z.number().int(),
  /** Short description of what the plan gives, for cards and the terms. */
  gives: z.string(),
  features: z.array(z.string()),
});

/** GET /api/plans: the catalogue of shared/plans.ts, with the configured trial length applied. */
export const planCatalogueSchema = z.object({
  currency: z.literal('USD'),
  free: planSchema.extend({ chatsPerWindow: z.number().int(), windowDays: z.number().int() }),
  trial: planSchema.extend({ days: z.number().int() }),
  basic: planSchema,
  pro: planSchema,
  proPromo: planSchema.extend({
    id: z.literal('proPromo'),
    /** Price after the first month, in cents. */
    thenPriceCents: z.number().int(),
    oncePerUser: z.literal(true),
  }),
});
