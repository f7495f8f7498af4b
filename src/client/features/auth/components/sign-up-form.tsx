import type { SignUpInput } from '#shared/schemas/auth';
import { PASSWORD_RULES } from '#shared/schemas/auth-rules';
import type { User } from '#shared/schemas/user';
import { AuthForm, type AuthFieldSpec } from './auth-form';

// A type-only import: the schema itself loads with the validation, after the card has painted.
const FIELDS: readonly AuthFieldSpec<keyof SignUpInput>[] = [
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: PASSWORD_RULES },
];

/**
 * The create-account form, checked with the shared signUpSchema once its validation has loaded.
 * A refusal that names a field (a taken username, a common password) shows under that field;
 * `onFailed` still gets the reason, which the page shows above the button.
 */
export function SignUpForm({ onSignedUp, onFailed, error }: { onSignedUp: (user: User) => void; onFailed: (message: string) => void; error?: string }) {
  return (
    <AuthForm
      fields={FIELDS}
      error={error}
      submitLabel="Create Account"
      pendingLabel="Creating account..."
      validation={(loaded, bind) => <loaded.SignUpValidation bind={bind} onSignedUp={onSignedUp} onFailed={onFailed} />}
    />
  );
}
