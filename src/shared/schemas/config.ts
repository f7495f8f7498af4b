import { z } from 'zod';

/** The only configuration the browser receives (ARCHITECTURE convention 6). */
export const publicConfigSchema = z.object({
  productName: z.string(),
  companyName: z.string(),
  supportEmail: z.string(),
  privacyEmail: z.string(),
  /** The tutorial's demo video on YouTube (privacy-enhanced embed); null shows a still card instead. */
  tutorialVideoId: z.string().nullable(),
  /**
   * Set when the operator runs the coach on an AI model provider (COACH_PROVIDER), so the privacy
   * policy can say what goes to it; null with the built-in coach, when nothing leaves the server.
   */
  coachModel: z.object({ sharesIncomeAndLocation: z.boolean() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
