import type { SignInInput } from '#shared/schemas/auth';
import type { User } from '#shared/schemas/user';
import { AuthForm, type AuthFieldSpec } from './auth-form';

// A type-only import: the schema itself loads with the validation, after the card has painted.
const FIELDS: readonly AuthFieldSpec<keyof SignInInput>[] = [
  { name: 'emailOrUsername', label: 'Email or username', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

/** The sign-in form, checked with the shared signInSchema once its validation has loaded. */
export function SignInForm({ onSignedIn, onFailed, error }: { onSignedIn: (user: User) => void; onFailed: (message: string) => void; error?: string }) {
  return (
    <AuthForm
      fields={FIELDS}
      error={error}
      submitLabel="Sign In"
      pendingLabel="Signing in..."
      validation={(loaded, bind) => <loaded.SignInValidation bind={bind} onSignedIn={onSignedIn} onFailed={onFailed} />}
    />
  );
}
