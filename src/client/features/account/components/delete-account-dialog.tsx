import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation } from 'wouter';
import { accountDeletionSchema, DELETE_CONFIRMATION, type AccountDeletionInput } from '#shared/schemas/account';
import { toast } from '../../../lib/toast-store';
import { FormAlert } from '../../../components/ui/form-alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { useDeleteAccount } from '../api/delete-account';

/** Account deletion behind a typed confirmation and the password (product §10.2). */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const remove = useDeleteAccount();
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<AccountDeletionInput>({
    resolver: zodResolver(accountDeletionSchema),
    defaultValues: { confirmation: '' as typeof DELETE_CONFIRMATION, currentPassword: '' },
  });
  const { errors } = formState;
  const typed = watch('confirmation') === DELETE_CONFIRMATION;
  // A refusal about neither field (the server's), in the dialog above its button.
  const [failure, setFailure] = useState<string>();

  const onSubmit = (input: AccountDeletionInput) => {
    setFailure(undefined);
    remove.mutate(input, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Account deleted', description: 'Your account and your data have been removed.' });
        navigate('/', { replace: true });
      },
      onError: (err) => {
        if (!applyServerErrors(err, ['confirmation', 'currentPassword'], setError)) setFailure(errorMessage(err));
      },
    });
  };

  return (
    <>
      <Dialog
        // As the trigger, the button gets focus back when the dialog closes.
        trigger={
          <Button variant="secondary" className="border-red-300 text-red-700 hover:bg-red-50">
            Delete my account
          </Button>
        }
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            reset();
            setFailure(undefined);
          }
        }}
        title="Delete your account?"
        description="This removes your account, profile, conversations and feedback for good. Payment records are kept, detached from you, as the law requires. This cannot be undone."
      >
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
          <Field id="delete-confirmation" label={`Type ${DELETE_CONFIRMATION} to confirm`} error={errors.confirmation?.message}>
            <Input id="delete-confirmation" autoComplete="off" aria-invalid={Boolean(errors.confirmation)} aria-describedby={describedBy('delete-confirmation', { error: errors.confirmation })} {...register('confirmation')} />
          </Field>
          <Field id="delete-password" label="Your password" error={errors.currentPassword?.message}>
            <Input id="delete-password" type="password" autoComplete="current-password" aria-invalid={Boolean(errors.currentPassword)} aria-describedby={describedBy('delete-password', { error: errors.currentPassword })} {...register('currentPassword')} />
          </Field>
          {failure && (
            <FormAlert id="delete-account-error" title="Account not deleted">
              {failure}
            </FormAlert>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!typed || remove.isPending} aria-describedby={failure && 'delete-account-error'}>
              {remove.isPending ? 'Deleting...' : 'Delete forever'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
