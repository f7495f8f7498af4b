import { z } from 'zod';
import { INT4_MAX } from './primitives.js';

export const salesExperienceValues = ['1-2 years', '3-5 years', '6+ years'] as const;

/**
 * The user object of product §14.1 as the API answers it: every field but the password.
 * Dates travel as ISO strings.
 */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  hasBasicAccess: z.boolean(),
  hasProAccess: z.boolean(),
  isAdmin: z.boolean(),
  sessionCount: z.number().int(),
  weeklyFreeChatsRemaining: z.number().int(),
  lastWeeklyResetDate: z.string().nullable(),
  hasUsedFreeTrial: z.boolean(),
  freeSessionUsed: z.boolean(),
  freeSessionExpiresAt: z.string().nullable(),
  basicPurchaseDate: z.string().nullable(),
  hasUsedProPromo: z.boolean(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  salesExperience: z.string().nullable(),
  currentIncome: z.number().int().nullable(),
  targetIncome: z.number().int().nullable(),
  biggestStruggle: z.string().nullable(),
  industry: z.string().nullable(),
  product: z.string().nullable(),
  onboardingCompleted: z.boolean(),
  /** When the server recorded that the user watched the tutorial (product §6.4). */
  tutorialSeenAt: z.string().nullable(),
  referralCode: z.string(),
  referredBy: z.string().nullable(),
  freeProMonthsRemaining: z.number().int(),
  /** Pro from redeemed referral months runs until here (ISO), or null. */
  referralProUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userQuerySchema = z.object({
  userId: z.coerce.number({ error: 'userId must be a number' }).int('userId must be a whole number').positive('userId must be a positive number').max(INT4_MAX, 'userId is out of range').optional(),
});
