import { useEffectEvent, useLayoutEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearch } from 'wouter';
import { signInSchema, signUpSchema, type SignInInput, type SignUpInput } from '#shared/schemas/auth';
import { referralCodeSchema } from '#shared/schemas/billing';
import type { User } from '#shared/schemas/user';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import type { ValidationProps } from '../lib/late-validation';
import { useReferralCodeCheck } from '../api/check-referral-code';

/*
 * The auth forms' validation, fetched after the card has painted (lib/late-validation.ts). Each
 * component renders nothing: it owns the form's react-hook-form state, checked with the shared
 * schema the server checks with too, and hands the form its bindings and messages.
 *
 * No defaultValues: a field then takes, when it registers, whatever was typed into it before
 * this loaded, where a default would have overwritten it. An untouched field reads '' as before.
 */

export function SignInValidation({ bind, onSignedIn, onFailed }: ValidationProps<keyof SignInInput> & { onSignedIn: (user: User) => void; onFailed: (message: string) => void }) {
  const signIn = useSignIn();
  const { register, handleSubmit, formState } = useForm<SignInInput>({ resolver: zodResolver(signInSchema) });
  // The submit handler is handed over once per change of messages; an Effect Event reads the latest props when it runs.
  const submit = useEffectEvent((input: SignInInput) =>
    signIn.mutate(input, { onSuccess: (user) => onSignedIn(user), onError: (err) => onFailed(errorMessage(err)) }),
  );
  const { emailOrUsername, password } = formState.errors;
  // A new object only when a message changes, so the form is handed a new binding only then.
  const errors = useMemo(() => ({ emailOrUsername: emailOrUsername?.message, password: password?.message }), [emailOrUsername?.message, password?.message]);
  const pending = signIn.isPending;
  useLayoutEffect(() => {
    bind({
      register,
      errors,
      pending,
      onSubmit: handleSubmit((input) => submit(input)),
    });
  }, [bind, register, handleSubmit, pending, errors]);
  return null;
}

const SIGN_UP_FIELDS = ['username', 'email', 'password'] as const;

/**
 * The referral code of the link the visitor came through (`/auth?ref=CODE`, product §5), read
 * here rather than in the card so the first paint carries none of it. A malformed code is left
 * out: it could only fail the sign-up, and an unknown one records nothing anyway.
 */
function useReferralCode(): string | undefined {
  const code = new URLSearchParams(useSearch()).get('ref');
  const parsed = referralCodeSchema.safeParse(code ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

export function SignUpValidation({ bind, onSignedUp, onFailed }: ValidationProps<keyof SignUpInput> & { onSignedUp: (user: User) => void; onFailed: (message: string) => void }) {
  const signUp = useSignUp();
  const { register, handleSubmit, formState, setError } = useForm<SignUpInput>({ resolver: zodResolver(signUpSchema) });
  const ref = useReferralCode();
  const submit = useEffectEvent((input: SignUpInput) =>
    signUp.mutate(ref ? { ...input, ref } : input, {
      onSuccess: (user) => onSignedUp(user),
      onError: (err) => {
        // A refusal about one field shows under it alone; any other above the button.
        if (!applyServerErrors(err, SIGN_UP_FIELDS, setError)) onFailed(errorMessage(err));
      },
    }),
  );
  const { username, email, password } = formState.errors;
  const errors = useMemo(() => ({ username: username?.message, email: email?.message, password: password?.message }), [username?.message, email?.message, password?.message]);
  const pending = signUp.isPending;
  useLayoutEffect(() => {
    bind({
      register,
      errors,
      pending,
      onSubmit: handleSubmit((input) => submit(input)),
    });
  }, [bind, register, handleSubmit, pending, errors]);
  // Only a code some account has earns the note: any well-formed code would otherwise claim a friend (issue #25).
  const known = useReferralCodeCheck(ref).data?.valid === true;
  return known ? <ReferralNote /> : null;
}

/**
 * Said to a visitor who came through a friend's link (issue #25), from here so the first chunk
 * pays nothing for it. True to product §5: the new user gets no reward of their own, and the
 * friend's free Pro month depends on a first paid invoice and on the referral passing the checks
 * (modules/referrals/eligibility.ts), so it "may" follow.
 */
function ReferralNote() {
  return (
    <p data-testid="referral-note" className="rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900">
      <span className="font-semibold">A friend invited you.</span> Creating your account is free. If you subscribe later, your friend may earn a free month of Pro as thanks.
    </p>
  );
}
