import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { passwordChangeFormSchemaFor, type PasswordChangeFormInput } from '#shared/schemas/account';
import { PASSWORD_RULES } from '#shared/schemas/auth-rules';
import { toast } from '../../../lib/toast-store';
import { FormAlert } from '../../../components/ui/form-alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';

/** `account` is the signed-in user: a new password that is their username or email is refused here, as on the server. */
export function PasswordForm({ account }: { account: { username: string; email: string } }) {
  const change = useChangePassword();
  const { username, email } = account;
  const schema = useMemo(() => passwordChangeFormSchemaFor({ username, email }), [username, email]);
  // One toggle for the three fields: someone checking what they typed wants to see all of it.
  const [shown, setShown] = useState(false);
  const { register, handleSubmit, formState, setError, reset } = useForm<PasswordChangeFormInput>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = formState;
  // A refusal about no one field (the server's), above the button.
  const [failure, setFailure] = useState<string>();
  const type = shown ? 'text' : 'password';
  // The confirmation is the form's own check: the server is sent the change alone.
  const onSubmit = ({ currentPassword, newPassword }: PasswordChangeFormInput) => {
    setFailure(undefined);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset();
          setShown(false);
          toast({ title: 'Password changed', description: 'You were signed out everywhere else.' });
        },
        onError: (err) => {
          if (!applyServerErrors(err, ['currentPassword', 'newPassword'], setError)) setFailure(errorMessage(err));
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Change password">
      <Field id="password-current" label="Current password" error={errors.currentPassword?.message}>
        <Input id="password-current" type={type} autoComplete="current-password" aria-invalid={Boolean(errors.currentPassword)} aria-describedby={describedBy('password-current', { error: errors.currentPassword })} {...register('currentPassword')} />
      </Field>
      <Field id="password-new" label="New password" hint={PASSWORD_RULES} error={errors.newPassword?.message}>
        <Input
          id="password-new"
          type={type}
          autoComplete="new-password"
          aria-invalid={Boolean(errors.newPassword)}
          aria-describedby={describedBy('password-new', { hint: true, error: errors.newPassword })}
          {...register('newPassword')}
        />
      </Field>
      <Field id="password-confirm" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input
          id="password-confirm"
          type={type}
          autoComplete="new-password"
          aria-invalid={Boolean(errors.confirmPassword)}
          aria-describedby={describedBy('password-confirm', { error: errors.confirmPassword })}
          {...register('confirmPassword')}
        />
      </Field>
      {failure && (
        <FormAlert id="password-form-error" title="Password not changed">
          {failure}
        </FormAlert>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={change.isPending} aria-describedby={failure && 'password-form-error'}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </Button>
        {/* A fixed name with aria-pressed, so a screen reader hears "Show passwords, toggle button, pressed". */}
        <Button type="button" variant="secondary" aria-pressed={shown} aria-controls="password-current password-new password-confirm" onClick={() => setShown((s) => !s)}>
          {shown ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
          Show passwords
        </Button>
      </div>
    </form>
  );
}
