import type { OnboardingInput } from '#shared/schemas/onboarding.js';

/** A valid onboarding profile; tests override the field they are about. */
export const validProfile = (overrides: Partial<Record<keyof OnboardingInput, unknown>> = {}): Record<string, unknown> => ({
  age: 34,
  city: 'Austin',
  state: 'TX',
  salesExperience: '3-5 years',
  currentIncome: 4200,
  targetIncome: 6500,
  biggestStruggle: 'Prospects go quiet after I send the proposal.',
  industry: 'Dental supplies',
  product: 'Practice management software',
  ...overrides,
});
