import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema, type SignInInput } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Field } from '../../../components/ui/field';

export function SignInForm({ pending, onSubmit }: { pending: boolean; onSubmit: (input: SignInInput) => void }) {
  const { register, handleSubmit, formState } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { emailOrUsername: '', password: '' },
  });
  const { errors } = formState;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <Field id="emailOrUsername" label="Email or username" error={errors.emailOrUsername?.message}>
        <Input id="emailOrUsername" autoComplete="username" aria-invalid={Boolean(errors.emailOrUsername)} {...register('emailOrUsername')} />
      </Field>
      <Field id="password" label="Password" error={errors.password?.message}>
        <Input id="password" type="password" autoComplete="current-password" aria-invalid={Boolean(errors.password)} {...register('password')} />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
