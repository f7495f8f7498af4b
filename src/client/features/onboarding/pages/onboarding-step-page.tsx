import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { rememberDestination } from '../../../lib/destination';
import { safeReturnPath } from '../../../lib/return-path';
import type { User } from '#shared/schemas/user';
import { toast } from '../../../lib/toast-store';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/form-errors';
import { useCurrentUser } from '../../../lib/api/current-user';
import { homePathFor } from '../../../lib/home-path';
import { useSignOut } from '../../../lib/api/sign-out';
import { useSubmitOnboarding } from '../api/submit-onboarding';
import { fieldId, StepFieldControl } from '../components/step-field-control';
import { StepProgress } from '../components/step-progress';
import {
  checkStep,
  completeProfile,
  FIRST_STEP_PATH,
  initialDraft,
  isStepFilled,
  nextStep,
  previousPath,
  STEP_COUNT,
  stepNumber,
  type OnboardingField,
  type OnboardingStep,
  type StepDraft,
} from '../lib/onboarding-steps';
import { clearSavedAnswers, readSavedAnswers, saveAnswers } from '../lib/saved-answers';

/** /onboarding only forwards to the first step (product §6.1). */
// For the route table: the steps come with the page in one import (the first chunk pays per import).
export { ONBOARDING_STEPS } from '../lib/onboarding-steps';

export function OnboardingIndexPage() {
  // `?next=`: where a new account was headed when it signed up, kept for after the tutorial (issue #25).
  const next = safeReturnPath(new URLSearchParams(useSearch()).get('next'));
  useEffect(() => {
    if (next) rememberDestination(next);
  }, [next]);
  return <Redirect to={FIRST_STEP_PATH} replace />;
}

/** One onboarding step; which one comes from the route (see ONBOARDING_STEPS). */
export function OnboardingStepPage({ step }: { step: OnboardingStep }) {
  const { data: user } = useCurrentUser();
  // Decided on arrival only: completing the last step marks the user onboarded while this page is
  // still shown, and that step goes on to the tutorial itself.
  const [finishedBefore] = useState(() => user?.onboardingCompleted === true);
  // The route's guard (app/require-user.tsx) lets only a signed-in user in; null covers the moment of signing out.
  if (!user) return null;
  // Someone already onboarded (a bookmark, Back through history) goes home to the coach, as /auth
  // and /home send them: rerunning the steps would send a changed profile only at the seventh
  // step and replay the tutorial. Their answers are edited on the account page (issue #25).
  if (finishedBefore) return <Redirect to={homePathFor(user)} replace />;
  return <StepForm key={step.slug} step={step} user={user} />;
}

function StepForm({ step, user }: { step: OnboardingStep; user: User }) {
  const [, navigate] = useLocation();
  const submit = useSubmitOnboarding();
  // Saved answers first; a returning user who already finished sees their current profile.
  const [draft, setDraft] = useState<StepDraft>(() => initialDraft(step, readSavedAnswers(), user));
  const [fieldError, setFieldError] = useState<{ field: OnboardingField; message: string } | null>(null);
  // This step's complaint, withdrawn once the answer is fixed so it does not follow the user onward.
  // The server's refusal of the finished profile, shown above Complete Setup until the next try.
  const [submitError, setSubmitError] = useState<string | null>(null);
  const signOut = useSignOut();
  const next = nextStep(step);
  const first = stepNumber(step) === 1;
  // Replace: Back from the welcome page must not lead into a page that needs the account just left.
  const logOut = () =>
    signOut.mutate(undefined, {
      onSettled: () => {
        toast({ title: 'Logged out' });
        navigate('/', { replace: true });
      },
    });
  const filled = isStepFilled(step, draft);
  const heading = useRef<HTMLHeadingElement>(null);
  // Next and Back swap the whole step, and the control that had focus goes with it, leaving focus
  // at the top of the page. The new step's heading takes it instead, so a keyboard or screen
  // reader user hears where they are and goes on from there (issue #25). Focus the user put
  // somewhere on purpose is left alone.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
  }, []);

  const setValue = (name: OnboardingField, value: string) => {
    setDraft((d) => ({ ...d, [name]: value }));
    if (fieldError?.field === name) setFieldError(null);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!filled || submit.isPending) return;

    const checked = checkStep(step, draft);
    if (!checked.ok) {
      // At the field only, not in a toast: a toast goes away, and on a phone it sits far from the field (issue #25).
      setFieldError({ field: checked.field, message: checked.toast.description });
      const invalid = step.fields.find((f) => f.name === checked.field);
      if (invalid) document.getElementById(fieldId(invalid))?.focus();
      return;
    }
    // Saved before leaving the page, so a reload or Back anywhere later still has it.
    const saved = saveAnswers(checked.answers);
    if (next) {
      navigate(next.path);
      return;
    }

    const profile = completeProfile(saved);
    if (!profile.ok) {
      toast({ ...profile.toast, variant: 'destructive' });
      navigate(profile.step.path);
      return;
    }
    setSubmitError(null);
    submit.mutate(profile.profile, {
      onSuccess: () => {
        clearSavedAnswers();
        toast({ title: 'Welcome!', description: "Your profile is complete. Let's start coaching!" });
        navigate('/tutorial');
      },
      onError: (err) => setSubmitError(errorMessage(err)),
    });
  };

  return (
    <div className="mx-auto max-w-md space-y-6 px-4 py-6">
      <StepProgress current={stepNumber(step)} total={STEP_COUNT} />
      <Card className="space-y-5 p-6">
        <div className="space-y-1">
          <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
            {step.heading}
          </h2>
          <p className="text-sm text-slate-600">{step.hint}</p>
        </div>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {step.fields.map((field) => (
            <StepFieldControl
              key={field.name}
              field={field}
              value={draft[field.name] ?? ''}
              error={fieldError?.field === field.name ? fieldError.message : null}
              onChange={(value) => setValue(field.name, value)}
            />
          ))}
          {submitError && (
            <p id="onboarding-submit-error" role="alert" className="text-sm font-medium text-red-700">
              {submitError}
            </p>
          )}
          <div className="flex gap-3 pt-1">
            {first ? (
              // Nothing comes before the first step for a signed-in user; the way out is signing out.
              <Button variant="secondary" className="flex-1" onClick={logOut} disabled={signOut.isPending}>
                Sign out
              </Button>
            ) : (
              <Button variant="secondary" className="flex-1" onClick={() => navigate(previousPath(step))}>
                Back
              </Button>
            )}
            <Button type="submit" className="flex-1" disabled={!filled || submit.isPending} aria-describedby={submitError ? 'onboarding-submit-error' : undefined}>
              {next ? 'Next' : submit.isPending ? 'Saving...' : 'Complete Setup'}
            </Button>
          </div>
        </form>
      </Card>
      {!first && (
        <p className="text-center text-sm text-slate-600">
          Want to stop here?{' '}
          <Button variant="link" className="min-h-11 px-1" onClick={logOut} disabled={signOut.isPending}>
            Sign out
          </Button>
        </p>
      )}
    </div>
  );
}
