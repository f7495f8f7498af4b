/**
 * The onboarding steps' order, slugs and names: the one list both the route table and the steps
 * themselves (onboarding-steps.ts) read. It carries no checks, so the route table, which is in
 * the first chunk, can import it without zod and the shared schemas.
 */
export const STEP_ORDER = [
  { slug: 'age', name: 'Age' },
  { slug: 'location', name: 'Location' },
  { slug: 'experience', name: 'Experience' },
  { slug: 'income', name: 'Income' },
  { slug: 'struggles', name: 'Struggles' },
  { slug: 'industry', name: 'Industry' },
  { slug: 'product', name: 'Product' },
] as const;

export type StepSlug = (typeof STEP_ORDER)[number]['slug'];
export type StepPath = `/onboarding/${StepSlug}`;

export const stepPath = (slug: StepSlug): StepPath => `/onboarding/${slug}`;

/** The steps' paths, in order. */
export const ONBOARDING_STEP_PATHS: readonly StepPath[] = STEP_ORDER.map((step) => stepPath(step.slug));

/** Each step's name, in order: the browser tab's title and a later step's "Age is missing". */
export const ONBOARDING_STEP_NAMES: readonly string[] = STEP_ORDER.map((step) => step.name);
