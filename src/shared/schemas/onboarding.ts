import { z } from 'zod';
import { safeString } from './primitives.js';
import { salesExperienceValues } from './user.js';

export const STRUGGLE_MAX = 500;
export const TEXT_MAX = 120;
/**
 * One rule and one message for the age wherever it is asked (the onboarding step and the account
 * page's profile editor, issue #25): a whole number from 18 to 100.
 */
export const AGE_MIN = 18;
export const AGE_MAX = 100;
export const AGE_MESSAGE = `Please enter a valid age between ${AGE_MIN} and ${AGE_MAX}.`;
/** Incomes are whole dollars; the cap only stops absurd input. */
export const INCOME_MAX = 100_000_000;

const requiredText = (message: string, max = TEXT_MAX) =>
  safeString({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`);

const income = (message: string) =>
  z.number({ error: message }).int('Please enter a whole dollar amount.').min(0, message).max(INCOME_MAX, message);

/**
 * The onboarding profile (product §14.1 payload, §15.2 schema): the nine fields, validated the same way
 * by the step pages, POST /api/onboarding and the account page's profile editor.
 */
export const onboardingSchema = z.strictObject({
  age: z.number({ error: AGE_MESSAGE }).int(AGE_MESSAGE).min(AGE_MIN, AGE_MESSAGE).max(AGE_MAX, AGE_MESSAGE),
  city: requiredText('Please enter your city.'),
  state: requiredText('Please enter your state.'),
  salesExperience: z.enum(salesExperienceValues, { error: 'Please select your sales experience' }),
  currentIncome: income('Please enter a valid commission/bonus amount from last month.'),
  targetIncome: income('Please enter a valid commission/bonus target for this month.'),
  biggestStruggle: requiredText('Please describe what you struggle with most in sales.', STRUGGLE_MAX),
  industry: requiredText('Please enter your industry.'),
  product: requiredText('Please enter the product or service you sell.'),
});
export type OnboardingInput = z.infer<typeof onboardingSchema>;
