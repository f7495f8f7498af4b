import { z } from 'zod';

/** The only configuration the browser receives (docs/architecture.md convention 6). */
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
  /**
   * What an account costs nothing for, in one sentence for the welcome page: the trial when the
   * operator runs one (TRIAL_DAYS), and the free tier's chats. Written by the server from the plan
   * catalogue (shared/plans.ts freeOffer), so the first chunk carries no plan figures of its own.
   */
  freeOffer: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
