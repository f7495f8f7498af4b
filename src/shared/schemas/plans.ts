import { z } from 'zod';

const planSchema = z.object({
  id: z.enum(['free', 'trial', 'basic', 'pro', 'proPromo']),
  name: z.string(),
  priceCents: z.number().int(),
  gives: z.string(),
  features: z.array(z.string()),
});

export const planCatalogueSchema = z.object({
  currency: z.literal('USD'),
  free: planSchema.extend({ chatsPerWindow: z.number().int(), windowDays: z.number().int() }),
  trial: planSchema.extend({ days: z.number().int() }),
  basic: planSchema,
  pro: planSchema,
  proPromo: planSchema.extend({ thenPriceCents: z.number().int(), oncePerUser: z.literal(true) }),
});
