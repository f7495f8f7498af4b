import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_RULES, signUpSchema, type SignUpInput } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { describedBy, Field } from '../../../components/ui/field';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { useSignUp } from '../api/sign-up';

const FIELDS = ['username', 'email', 'password'] as const;

/**
 * The create-account form. A refusal that names a field (a taken username, a common password)
 * is shown under that field; `onFailed` still gets the reason for the page's toast.
 */
export function SignUpForm({ onSignedUp, onFailed }: { onSignedUp: (user: User) => void; onFailed: (message: string) => void }) {
  const signUp = useSignUp();
  const { register, handleSubmit, formState, setError } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { username: '', email: '', password: '' },
  });
  const { errors } = formState;
  const onSubmit = (input: SignUpInput) =>
    signUp.mutate(input, {
      onSuccess: onSignedUp,
      onError: (err) => {
        applyServerErrors(err, FIELDS, setError);
        onFailed(errorMessage(err));
      },
    });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <Field id="username" label="Username" error={errors.username?.message}>
        <Input id="username" autoComplete="username" aria-invalid={Boolean(errors.username)} aria-describedby={describedBy('username', { error: errors.username })} {...register('username')} />
      </Field>
      <Field id="email" label="Email" error={errors.email?.message}>
        <Input id="email" type="email" autoComplete="email" aria-invalid={Boolean(errors.email)} aria-describedby={describedBy('email', { error: errors.email })} {...register('email')} />
      </Field>
      <Field id="password" label="Password" hint={PASSWORD_RULES} error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby={describedBy('password', { hint: true, error: errors.password })}
          {...register('password')}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
