import { z } from 'zod';

/** POST /api/tutorial/seen: when the server recorded that the user watched the tutorial. */
export const tutorialSeenSchema = z.object({ tutorialSeenAt: z.string() });
export type TutorialSeen = z.infer<typeof tutorialSeenSchema>;

/** How long the demo video must have been on screen before the tutorial counts as seen (product §16). */
export const TUTORIAL_SEEN_AFTER_MS = 30_000;
/** The monthly goal shown when the user gave no target (product §16). */
export const DEFAULT_MONTHLY_GOAL = 5000;
