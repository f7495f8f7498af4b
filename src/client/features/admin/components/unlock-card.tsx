import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { ADMIN_UNLOCK_MINUTES, adminUnlockSchema, type AdminUnlockInput, type AdminUnlockSecret } from '#shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form-alert';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiRequestError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { useUnlockPanel } from '../api/unlock-panel';

/** The panel's locked state, as everyone but an unlocked admin sees it (product §12). */
export function LockedCard({ children, description }: { children?: ReactNode; description: string }) {
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <Card className="space-y-5">
        <div className="space-y-3 text-center">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-slate-100" aria-hidden>
            <KeyRound className="h-7 w-7 text-slate-700" />
          </span>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">Admin panel locked</h2>
          <p className="text-slate-600">{description}</p>
        </div>
        {children}
      </Card>
    </div>
  );
}

/** A signed-in admin unlocks the panel for 30 minutes with their password, or the admin key when the operator set one. */
export function UnlockCard({ secret }: { secret: AdminUnlockSecret }) {
  const unlock = useUnlockPanel();
  const { register, handleSubmit, formState, setError } = useForm<AdminUnlockInput>({ resolver: zodResolver(adminUnlockSchema(secret)), defaultValues: { secret: '' } });
  const { errors } = formState;
  const label = secret === 'admin_key' ? 'Admin key' : 'Your password';
  // A refusal the server ties to no field (or no answer at all), above Unlock until the next try.
  const [failure, setFailure] = useState<{ title: string; description: string }>();

  const onSubmit = (input: AdminUnlockInput) => {
    setFailure(undefined);
    unlock.mutate(input, {
      onSuccess: () => toast({ title: 'Successfully authenticated', description: `The admin panel is unlocked for ${ADMIN_UNLOCK_MINUTES} minutes.` }),
      onError: (err) => {
        if (!(err instanceof ApiRequestError)) return setFailure({ title: 'Authentication Error', description: 'Failed to connect to admin panel' });
        if (!applyServerErrors(err, ['secret'], setError)) setFailure({ title: 'Authentication Failed', description: err.message || 'Invalid admin key' });
      },
    });
  };

  return (
    <LockedCard
      description={
        secret === 'admin_key'
          ? `Enter the admin key to unlock the panel for ${ADMIN_UNLOCK_MINUTES} minutes.`
          : `Re-enter your password to unlock the panel for ${ADMIN_UNLOCK_MINUTES} minutes.`
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Unlock the admin panel">
        <Field id="admin-secret" label={label} error={errors.secret?.message}>
          <Input
            id="admin-secret"
            type="password"
            autoComplete={secret === 'admin_key' ? 'off' : 'current-password'}
            aria-invalid={Boolean(errors.secret)}
            aria-describedby={describedBy('admin-secret', { error: errors.secret })}
            {...register('secret')}
          />
        </Field>
        {failure && (
          <FormAlert id="admin-unlock-error" title={failure.title}>
            {failure.description}
          </FormAlert>
        )}
        <Button type="submit" className="w-full" disabled={unlock.isPending} aria-describedby={failure && 'admin-unlock-error'}>
          {unlock.isPending ? 'Unlocking…' : 'Unlock'}
        </Button>
      </form>
    </LockedCard>
  );
}
