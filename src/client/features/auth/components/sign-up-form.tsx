import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signUpSchema, type SignUpInput } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Field } from '../../../components/ui/field';

export function SignUpForm({ pending, onSubmit }: { pending: boolean; onSubmit: (input: SignUpInput) => void }) {
  const { register, handleSubmit, formState } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { username: '', email: '', password: '' },
  });
  const { errors } = formState;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <Field id="username" label="Username" error={errors.username?.message}>
        <Input id="username" autoComplete="username" aria-invalid={Boolean(errors.username)} {...register('username')} />
      </Field>
      <Field id="email" label="Email" error={errors.email?.message}>
        <Input id="email" type="email" autoComplete="email" aria-invalid={Boolean(errors.email)} {...register('email')} />
      </Field>
      <Field id="password" label="Password" error={errors.password?.message}>
        <Input id="password" type="password" autoComplete="new-password" aria-invalid={Boolean(errors.password)} {...register('password')} />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
