import { describe, expect, it } from 'vitest';
import {
  checkStep,
  completeProfile,
  initialDraft,
  isStepFilled,
  nextStep,
  ONBOARDING_STEPS,
  parseNumberAnswer,
  previousPath,
  stepNumber,
  type OnboardingStep,
  type StepSlug,
} from './onboarding-steps';

const step = (slug: StepSlug): OnboardingStep => {
  const found = ONBOARDING_STEPS.find((s) => s.slug === slug);
  if (!found) throw new Error(`no step ${slug}`);
  return found;
};

const failure = (slug: StepSlug, draft: Record<string, string>) => {
  const result = checkStep(step(slug), draft);
  if (result.ok) throw new Error(`expected ${slug} to fail for ${JSON.stringify(draft)}`);
  return result;
};

const fullProfile = {
  age: 34,
  city: 'Austin',
  state: 'TX',
  salesExperience: '3-5 years' as const,
  currentIncome: 4200,
  targetIncome: 6500,
  biggestStruggle: 'Closing',
  industry: 'Software',
  product: 'CRM',
};

describe('the step list', () => {
  it('has the seven steps in the product §6.1 order, each with its path', () => {
    expect(ONBOARDING_STEPS.map((s) => s.slug)).toEqual(['age', 'location', 'experience', 'income', 'struggles', 'industry', 'product']);
    for (const s of ONBOARDING_STEPS) expect(s.path).toBe(`/onboarding/${s.slug}`);
  });

  it('numbers the steps and chains Next and Back', () => {
    expect(stepNumber(step('age'))).toBe(1);
    expect(stepNumber(step('product'))).toBe(7);
    expect(nextStep(step('experience'))?.slug).toBe('income');
    expect(nextStep(step('product'))).toBeNull();
    expect(previousPath(step('age'))).toBe('/auth');
    expect(previousPath(step('location'))).toBe('/onboarding/age');
    expect(previousPath(step('industry'))).toBe('/onboarding/struggles');
  });

  it('covers each of the nine profile fields exactly once', () => {
    const names = ONBOARDING_STEPS.flatMap((s) => s.fields.map((f) => f.name)).sort();
    expect(names).toEqual(Object.keys(fullProfile).sort());
  });
});

describe('parseNumberAnswer', () => {
  it('reads plain, dollar and comma-grouped amounts', () => {
    expect(parseNumberAnswer(' 34 ')).toBe(34);
    expect(parseNumberAnswer('$4,200')).toBe(4200);
    expect(parseNumberAnswer('-5')).toBe(-5);
  });

  it('gives undefined for nothing and NaN for words', () => {
    expect(parseNumberAnswer('   ')).toBeUndefined();
    expect(parseNumberAnswer('abc')).toBeNaN();
    expect(parseNumberAnswer('1e3')).toBeNaN();
  });
});

describe('isStepFilled (whether Next is enabled)', () => {
  it('needs every control of the step to hold something', () => {
    expect(isStepFilled(step('location'), { city: '', state: 'TX' })).toBe(false);
    expect(isStepFilled(step('location'), { city: 'Austin', state: 'TX' })).toBe(true);
    expect(isStepFilled(step('experience'), {})).toBe(false);
  });

  it('lets whitespace through so the trimmed check can explain the problem', () => {
    expect(isStepFilled(step('location'), { city: '   ', state: 'TX' })).toBe(true);
  });
});

describe('checkStep: the product §15.2 toasts', () => {
  it('Age: Invalid Age for under 18, over 100, fractions and words', () => {
    for (const age of ['15', '101', '34.5', 'abc', '']) {
      expect(failure('age', { age }).toast).toEqual({ title: 'Invalid Age', description: 'Please enter a valid age between 18 and 100.' });
    }
  });

  it('Age: 18 to 100 passes as a number', () => {
    expect(checkStep(step('age'), { age: '18' })).toEqual({ ok: true, answers: { age: 18 } });
    expect(checkStep(step('age'), { age: '100' })).toEqual({ ok: true, answers: { age: 100 } });
  });

  it('Location: Missing Information when the trimmed city or state is empty', () => {
    const expected = { title: 'Missing Information', description: 'Please enter both your city and state.' };
    expect(failure('location', { city: '   ', state: 'TX' })).toMatchObject({ field: 'city', toast: expected });
    expect(failure('location', { city: 'Austin', state: ' ' })).toMatchObject({ field: 'state', toast: expected });
  });

  it('Location: trims what it keeps', () => {
    expect(checkStep(step('location'), { city: ' Austin ', state: 'TX ' })).toEqual({ ok: true, answers: { city: 'Austin', state: 'TX' } });
  });

  it('Experience: a selection from the three options is needed', () => {
    expect(failure('experience', { salesExperience: '' }).toast.description).toBe('Please select your sales experience level.');
    expect(failure('experience', { salesExperience: '10 years' }).toast.description).toBe('Please select your sales experience level.');
    expect(checkStep(step('experience'), { salesExperience: '6+ years' }).ok).toBe(true);
  });

  it('Income: last month is checked first, then the target', () => {
    const commission = { title: 'Invalid Commission/Bonus', description: 'Please enter a valid commission/bonus amount from last month.' };
    const target = { title: 'Invalid Target Amount', description: 'Please enter a valid commission/bonus target for this month.' };
    expect(failure('income', { currentIncome: '-1', targetIncome: '-1' })).toMatchObject({ field: 'currentIncome', toast: commission });
    expect(failure('income', { currentIncome: '', targetIncome: '5000' }).toast).toEqual(commission);
    expect(failure('income', { currentIncome: '4200', targetIncome: '-5' })).toMatchObject({ field: 'targetIncome', toast: target });
    expect(failure('income', { currentIncome: '4200', targetIncome: '' }).toast).toEqual(target);
    expect(checkStep(step('income'), { currentIncome: '0', targetIncome: '$6,500' })).toEqual({
      ok: true,
      answers: { currentIncome: 0, targetIncome: 6500 },
    });
  });

  it('Struggles: blank after trimming is rejected; over 500 characters says so', () => {
    expect(failure('struggles', { biggestStruggle: '  \n ' }).toast.description).toBe('Please describe what you struggle with most in sales.');
    const long = failure('struggles', { biggestStruggle: 'x'.repeat(501) }).toast;
    expect(long.title).toBe('Too Long');
    expect(long.description).toContain('500');
    expect(checkStep(step('struggles'), { biggestStruggle: 'x'.repeat(500) }).ok).toBe(true);
  });

  it('Industry and Product: their own messages', () => {
    expect(failure('industry', { industry: ' ' }).toast.description).toBe('Please enter your industry.');
    expect(failure('product', { product: '' }).toast.description).toBe('Please enter the product or service you sell.');
  });
});

describe('initialDraft', () => {
  it('prefers saved answers, then the profile, as strings', () => {
    expect(initialDraft(step('income'), { targetIncome: 6500 }, { currentIncome: 3000, targetIncome: 1 })).toEqual({
      currentIncome: '3000',
      targetIncome: '6500',
    });
    expect(initialDraft(step('location'), {}, { city: null })).toEqual({ city: '', state: '' });
  });
});

describe('completeProfile', () => {
  it('returns the whole profile when every answer is saved', () => {
    expect(completeProfile(fullProfile)).toEqual({ ok: true, profile: fullProfile });
  });

  it('names the first unanswered step', () => {
    const { salesExperience: _skip, ...noExperience } = fullProfile;
    const result = completeProfile(noExperience);
    expect(result).toMatchObject({
      ok: false,
      step: { slug: 'experience' },
      toast: { title: 'Missing Information', description: 'Please complete the Experience step first.' },
    });
    expect(completeProfile({ product: 'CRM' })).toMatchObject({ ok: false, step: { slug: 'age' } });
  });
});
