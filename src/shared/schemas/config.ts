import { z } from 'zod';

/** The only configuration the browser receives (ARCHITECTURE convention 6). */
export const publicConfigSchema = z.object({
  productName: z.string(),
  companyName: z.string(),
  supportEmail: z.string(),
  privacyEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
