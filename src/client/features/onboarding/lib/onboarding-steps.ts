import { AGE_MESSAGE, onboardingSchema, STRUGGLE_MAX, TEXT_MAX, type OnboardingInput } from '#shared/schemas/onboarding';
import { salesExperienceValues } from '#shared/schemas/user';
import { STEP_ORDER, stepPath, type StepPath, type StepSlug } from './step-order';

/**
 * The seven onboarding steps (product §6.1) as data: one page
 * component renders whichever step the route names, and the checks below are pure so the
 * product §15.2 toast wording is tested without a browser.
 */

export type OnboardingField = keyof OnboardingInput;
export type { StepSlug };

export interface StepToast {
  title: string;
  description: string;
}

interface FieldBase {
  name: OnboardingField;
  /** The visible label, which is also how tests and screen readers find the control. */
  label: string;
  /** product §15.2: the toast when this field's answer does not pass the schema. */
  invalid: StepToast;
}

export type StepField =
  | (FieldBase & { kind: 'number'; placeholder: string })
  | (FieldBase & { kind: 'text'; placeholder: string; autoComplete?: string; maxLength: number })
  | (FieldBase & { kind: 'textarea'; placeholder: string; maxLength: number })
  | (FieldBase & { kind: 'choice'; options: readonly string[] });

export interface OnboardingStep {
  slug: StepSlug;
  path: StepPath;
  /** Short name used when a later step finds this one unanswered. */
  name: string;
  heading: string;
  hint: string;
  fields: StepField[];
}

/** The form's values as typed: every control holds a string until the step's check converts it. */
export type StepDraft = Partial<Record<OnboardingField, string>>;

/** A step's slug, path and name, from the one list of them (step-order.ts). Defined here, not there, to keep it out of the first chunk. */
function stepIdentity<S extends StepSlug>(slug: S) {
  const found = STEP_ORDER.find((step) => step.slug === slug);
  return { slug, path: stepPath(slug), name: found?.name ?? slug };
}

export const ONBOARDING_STEPS: readonly OnboardingStep[] = [
  {
    ...stepIdentity('age'),
    heading: 'How old are you?',
    hint: 'Coaching is for sales professionals aged 18 and over.',
    fields: [
      {
        kind: 'number',
        name: 'age',
        label: 'Age',
        placeholder: 'e.g. 32',
        invalid: { title: 'Invalid Age', description: AGE_MESSAGE },
      },
    ],
  },
  {
    ...stepIdentity('location'),
    heading: 'Where are you based?',
    hint: 'Your market shapes the advice: territory, buyers and timing.',
    fields: [
      {
        kind: 'text',
        name: 'city',
        label: 'City',
        placeholder: 'e.g. Austin',
        autoComplete: 'address-level2',
        maxLength: TEXT_MAX,
        invalid: { title: 'Missing Information', description: 'Please enter both your city and state.' },
      },
      {
        kind: 'text',
        name: 'state',
        label: 'State',
        placeholder: 'e.g. TX',
        autoComplete: 'address-level1',
        maxLength: TEXT_MAX,
        invalid: { title: 'Missing Information', description: 'Please enter both your city and state.' },
      },
    ],
  },
  {
    ...stepIdentity('experience'),
    heading: 'How long have you been in sales?',
    hint: 'Pick the range that fits best.',
    fields: [
      {
        kind: 'choice',
        name: 'salesExperience',
        label: 'Sales experience',
        options: salesExperienceValues,
        invalid: { title: 'Missing Information', description: 'Please select your sales experience level.' },
      },
    ],
  },
  {
    ...stepIdentity('income'),
    heading: 'Your commission and your goal',
    hint: 'Whole dollars. Your target becomes the monthly goal your coach works toward.',
    fields: [
      {
        kind: 'number',
        name: 'currentIncome',
        label: "Last month's commission/bonus ($)",
        placeholder: 'e.g. 4000',
        invalid: { title: 'Invalid Commission/Bonus', description: 'Please enter a valid commission/bonus amount from last month.' },
      },
      {
        kind: 'number',
        name: 'targetIncome',
        label: "This month's target ($)",
        placeholder: 'e.g. 6000',
        invalid: { title: 'Invalid Target Amount', description: 'Please enter a valid commission/bonus target for this month.' },
      },
    ],
  },
  {
    ...stepIdentity('struggles'),
    heading: "What's holding your numbers back?",
    hint: 'Be specific: the more your coach knows, the sharper the coaching.',
    fields: [
      {
        kind: 'textarea',
        name: 'biggestStruggle',
        label: 'What do you struggle with most?',
        placeholder: 'e.g. Prospects go quiet after the demo and I never get to the close.',
        maxLength: STRUGGLE_MAX,
        invalid: { title: 'Missing Information', description: 'Please describe what you struggle with most in sales.' },
      },
    ],
  },
  {
    ...stepIdentity('industry'),
    heading: 'Which industry do you sell in?',
    hint: 'For example software, insurance, real estate or solar.',
    fields: [
      {
        kind: 'text',
        name: 'industry',
        label: 'Industry',
        placeholder: 'e.g. B2B software',
        autoComplete: 'organization-title',
        maxLength: TEXT_MAX,
        invalid: { title: 'Missing Information', description: 'Please enter your industry.' },
      },
    ],
  },
  {
    ...stepIdentity('product'),
    heading: 'What do you sell?',
    hint: 'The product or service you pitch day to day.',
    fields: [
      {
        kind: 'text',
        name: 'product',
        label: 'Product or service',
        placeholder: 'e.g. Payroll software for small businesses',
        maxLength: TEXT_MAX,
        invalid: { title: 'Missing Information', description: 'Please enter the product or service you sell.' },
      },
    ],
  },
];

export const STEP_COUNT = ONBOARDING_STEPS.length;
export const FIRST_STEP_PATH = stepPath(STEP_ORDER[0].slug);

export function stepNumber(step: OnboardingStep): number {
  return ONBOARDING_STEPS.indexOf(step) + 1;
}

export function nextStep(step: OnboardingStep): OnboardingStep | null {
  return ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(step) + 1] ?? null;
}

/** The page's own Back: the previous step, or /auth from the first (product §6.1). */
export function previousPath(step: OnboardingStep): string {
  const index = ONBOARDING_STEPS.indexOf(step);
  return index > 0 ? (ONBOARDING_STEPS[index - 1]?.path ?? '/auth') : '/auth';
}

/**
 * Next is enabled once every control holds something. Whitespace counts for text on purpose:
 * product §15.2's "Missing Information" toast for a blank city can only be seen if '   ' lets the
 * user press Next, and the trimmed check then explains what is wrong. A number is different:
 * spaces are no answer at all (parseNumberAnswer reads them as empty), so Next waits (issue #25).
 */
export function isStepFilled(step: OnboardingStep, draft: StepDraft): boolean {
  return step.fields.every((field) => {
    const raw = draft[field.name] ?? '';
    return field.kind === 'number' ? raw.trim() !== '' : raw !== '';
  });
}

/** "$4,200", "4200" and " 34 " are numbers; anything else becomes NaN so the schema rejects it. */
export function parseNumberAnswer(raw: string): number | undefined {
  const cleaned = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (cleaned === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

function toCandidate(field: StepField, raw: string): unknown {
  return field.kind === 'number' ? parseNumberAnswer(raw) : raw;
}

export type StepCheck = { ok: true; answers: Partial<OnboardingInput> } | { ok: false; field: OnboardingField; toast: StepToast };

/**
 * Validates one step with the step's own slice of the one onboarding schema and picks the
 * product §15.2 toast for the first failing field, in the order the fields appear on screen.
 */
export function checkStep(step: OnboardingStep, draft: StepDraft): StepCheck {
  const mask: Partial<Record<OnboardingField, true>> = {};
  const candidate: Record<string, unknown> = {};
  for (const field of step.fields) {
    mask[field.name] = true;
    candidate[field.name] = toCandidate(field, draft[field.name] ?? '');
  }
  const result = onboardingSchema.pick(mask).safeParse(candidate);
  if (result.success) return { ok: true, answers: result.data as Partial<OnboardingInput> };

  const issues = result.error.issues;
  const failing = step.fields.find((field) => issues.some((issue) => issue.path[0] === field.name)) ?? step.fields[0];
  if (!failing) throw new Error(`Onboarding step ${step.slug} has no fields`);
  const issue = issues.find((i) => i.path[0] === failing.name);
  // A text answer over its limit is not "missing": say what is actually wrong.
  if (issue?.code === 'too_big' && failing.kind !== 'number') {
    return { ok: false, field: failing.name, toast: { title: 'Too Long', description: issue.message } };
  }
  return { ok: false, field: failing.name, toast: failing.invalid };
}

/** What the step's controls start with: the saved answer, else what the profile already holds. */
export function initialDraft(step: OnboardingStep, saved: Partial<OnboardingInput>, profile: Partial<Record<OnboardingField, unknown>> = {}): StepDraft {
  const draft: StepDraft = {};
  for (const field of step.fields) {
    const value = saved[field.name] ?? profile[field.name];
    draft[field.name] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return draft;
}

export type ProfileCheck = { ok: true; profile: OnboardingInput } | { ok: false; step: OnboardingStep; toast: StepToast };

/**
 * The whole profile from the saved answers, or the first step still unanswered (someone who
 * opened the last step directly, or cleared storage half way).
 */
export function completeProfile(saved: Partial<OnboardingInput>): ProfileCheck {
  const result = onboardingSchema.safeParse(saved);
  if (result.success) return { ok: true, profile: result.data };
  const missing = ONBOARDING_STEPS.find((step) => !checkStep(step, initialDraft(step, saved)).ok) ?? ONBOARDING_STEPS[0];
  if (!missing) throw new Error('No onboarding steps are defined');
  return {
    ok: false,
    step: missing,
    toast: { title: 'Missing Information', description: `Please complete the ${missing.name} step first.` },
  };
}
