import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailChangeSchema, type EmailChangeInput } from '#shared/schemas/account';
import { toast } from '../../../lib/toast-store';
import { FormAlert } from '../../../components/ui/form-alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { useChangeEmail } from '../api/change-email';

export function EmailForm({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const { register, handleSubmit, formState, setError, reset } = useForm<EmailChangeInput>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { email: '', currentPassword: '' },
  });
  const { errors } = formState;
  // A refusal about neither field (the server's), above the button.
  const [failure, setFailure] = useState<string>();
  const onSubmit = (input: EmailChangeInput) => {
    setFailure(undefined);
    change.mutate(input, {
      onSuccess: (user) => {
        reset();
        toast({ title: 'Email updated', description: `We'll use ${user.email} from now on.` });
      },
      onError: (err) => {
        if (!applyServerErrors(err, ['email', 'currentPassword'], setError)) setFailure(errorMessage(err));
      },
    });
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Change email">
      <p className="text-sm text-slate-600">
        Current address: <span className="font-medium text-slate-900">{currentEmail}</span>
      </p>
      <Field id="new-email" label="New email" error={errors.email?.message}>
        <Input id="new-email" type="email" autoComplete="email" aria-invalid={Boolean(errors.email)} aria-describedby={describedBy('new-email', { error: errors.email })} {...register('email')} />
      </Field>
      <Field id="email-current-password" label="Current password" error={errors.currentPassword?.message}>
        <Input id="email-current-password" type="password" autoComplete="current-password" aria-invalid={Boolean(errors.currentPassword)} aria-describedby={describedBy('email-current-password', { error: errors.currentPassword })} {...register('currentPassword')} />
      </Field>
      {failure && (
        <FormAlert id="email-form-error" title="Email not changed">
          {failure}
        </FormAlert>
      )}
      <Button type="submit" disabled={change.isPending} aria-describedby={failure && 'email-form-error'}>
        {change.isPending ? 'Saving...' : 'Change email'}
      </Button>
    </form>
  );
}
