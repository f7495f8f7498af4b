import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema, type SignInInput } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { describedBy, Field } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/form-errors';
import { useSignIn } from '../api/sign-in';

export function SignInForm({ onSignedIn, onFailed }: { onSignedIn: (user: User) => void; onFailed: (message: string) => void }) {
  const signIn = useSignIn();
  const { register, handleSubmit, formState } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { emailOrUsername: '', password: '' },
  });
  const { errors } = formState;
  const onSubmit = (input: SignInInput) => signIn.mutate(input, { onSuccess: onSignedIn, onError: (err) => onFailed(errorMessage(err)) });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <Field id="emailOrUsername" label="Email or username" error={errors.emailOrUsername?.message}>
        <Input
          id="emailOrUsername"
          autoComplete="username"
          aria-invalid={Boolean(errors.emailOrUsername)}
          aria-describedby={describedBy('emailOrUsername', { error: errors.emailOrUsername })}
          {...register('emailOrUsername')}
        />
      </Field>
      <Field id="password" label="Password" error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby={describedBy('password', { error: errors.password })}
          {...register('password')}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
