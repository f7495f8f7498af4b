import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { passwordChangeSchemaFor, type PasswordChangeInput } from '../../../../shared/schemas/account';
import { PASSWORD_RULES } from '../../../../shared/schemas/auth-rules';
import { toast } from '../../../lib/toast-store';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';

/** `account` is the signed-in user: a new password that is their username or email is refused here, as on the server. */
export function PasswordForm({ account }: { account: { username: string; email: string } }) {
  const change = useChangePassword();
  const { username, email } = account;
  const schema = useMemo(() => passwordChangeSchemaFor({ username, email }), [username, email]);
  const { register, handleSubmit, formState, setError, reset } = useForm<PasswordChangeInput>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = formState;
  const onSubmit = (input: PasswordChangeInput) =>
    change.mutate(input, {
      onSuccess: () => {
        reset();
        toast({ title: 'Password changed', description: 'You were signed out everywhere else.' });
      },
      onError: (err) => {
        if (!applyServerErrors(err, ['currentPassword', 'newPassword'], setError)) toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
      },
    });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Change password">
      <Field id="password-current" label="Current password" error={errors.currentPassword?.message}>
        <Input id="password-current" type="password" autoComplete="current-password" aria-invalid={Boolean(errors.currentPassword)} aria-describedby={describedBy('password-current', { error: errors.currentPassword })} {...register('currentPassword')} />
      </Field>
      <Field id="password-new" label="New password" hint={PASSWORD_RULES} error={errors.newPassword?.message}>
        <Input
          id="password-new"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.newPassword)}
          aria-describedby={describedBy('password-new', { hint: true, error: errors.newPassword })}
          {...register('newPassword')}
        />
      </Field>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  );
}
