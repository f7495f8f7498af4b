import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { onboardingSchema, STRUGGLE_MAX, type OnboardingInput } from '#shared/schemas/onboarding';
import { salesExperienceValues, type User } from '#shared/schemas/user';
import { toast } from '../../../lib/toast-store';
import { FormAlert } from '../../../components/ui/form-alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';

const FIELDS = ['age', 'city', 'state', 'salesExperience', 'currentIncome', 'targetIncome', 'biggestStruggle', 'industry', 'product'] as const;

/** Defaults from the saved profile; a rep who skipped onboarding starts from empty fields. */
function defaultsFor(user: User): Partial<OnboardingInput> {
  return {
    age: user.age ?? undefined,
    city: user.city ?? '',
    state: user.state ?? '',
    salesExperience: (salesExperienceValues as readonly string[]).includes(user.salesExperience ?? '')
      ? (user.salesExperience as OnboardingInput['salesExperience'])
      : undefined,
    currentIncome: user.currentIncome ?? undefined,
    targetIncome: user.targetIncome ?? undefined,
    biggestStruggle: user.biggestStruggle ?? '',
    industry: user.industry ?? '',
    product: user.product ?? '',
  };
}

/** Edit the onboarding answers (the privacy policy's right to update), with onboarding's own rules. */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const { register, handleSubmit, formState, setError, watch, reset } = useForm<OnboardingInput>({
    resolver: zodResolver(onboardingSchema),
    defaultValues: defaultsFor(user),
  });
  const { errors, isDirty } = formState;
  const struggleLength = watch('biggestStruggle')?.length ?? 0;
  // A refusal about no one field (the server's), above the button.
  const [failure, setFailure] = useState<string>();

  const onSubmit = (input: OnboardingInput) => {
    setFailure(undefined);
    update.mutate(input, {
      onSuccess: (saved) => {
        reset(defaultsFor(saved));
        toast({ title: 'Profile updated', description: 'Your coach will use your new answers.' });
      },
      onError: (err) => {
        if (!applyServerErrors(err, FIELDS, setError)) setFailure(errorMessage(err));
      },
    });
  };

  const invalid = (name: keyof OnboardingInput, id: string) => ({ 'aria-invalid': Boolean(errors[name]), 'aria-describedby': describedBy(id, { error: errors[name] }) });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Sales profile">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="profile-age" label="Age" error={errors.age?.message}>
          <Input id="profile-age" type="number" inputMode="numeric" {...invalid('age', 'profile-age')} {...register('age', { valueAsNumber: true })} />
        </Field>
        <Field id="profile-city" label="City" error={errors.city?.message}>
          <Input id="profile-city" autoComplete="address-level2" {...invalid('city', 'profile-city')} {...register('city')} />
        </Field>
        <Field id="profile-state" label="State" error={errors.state?.message}>
          <Input id="profile-state" autoComplete="address-level1" {...invalid('state', 'profile-state')} {...register('state')} />
        </Field>
      </div>
      <Field id="profile-experience" label="Sales experience" error={errors.salesExperience?.message}>
        <select
          id="profile-experience"
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700"
          {...invalid('salesExperience', 'profile-experience')}
          {...register('salesExperience')}
        >
          <option value="">Choose…</option>
          {salesExperienceValues.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-current-income" label="Last month's commission/bonus ($)" error={errors.currentIncome?.message}>
          <Input id="profile-current-income" type="number" min={0} inputMode="numeric" {...invalid('currentIncome', 'profile-current-income')} {...register('currentIncome', { valueAsNumber: true })} />
        </Field>
        <Field id="profile-target-income" label="This month's target ($)" error={errors.targetIncome?.message}>
          <Input id="profile-target-income" type="number" min={0} inputMode="numeric" {...invalid('targetIncome', 'profile-target-income')} {...register('targetIncome', { valueAsNumber: true })} />
        </Field>
      </div>
      <Field id="profile-struggle" label="What do you struggle with most?" error={errors.biggestStruggle?.message}>
        <Textarea id="profile-struggle" maxLength={STRUGGLE_MAX} className="min-h-24" {...invalid('biggestStruggle', 'profile-struggle')} {...register('biggestStruggle')} />
        <p className="text-right text-xs text-slate-500">
          {struggleLength}/{STRUGGLE_MAX}
        </p>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-industry" label="Industry" error={errors.industry?.message}>
          <Input id="profile-industry" {...invalid('industry', 'profile-industry')} {...register('industry')} />
        </Field>
        <Field id="profile-product" label="Product or service" error={errors.product?.message}>
          <Input id="profile-product" {...invalid('product', 'profile-product')} {...register('product')} />
        </Field>
      </div>
      {failure && (
        <FormAlert id="profile-form-error" title="Profile not saved">
          {failure}
        </FormAlert>
      )}
      <Button type="submit" disabled={update.isPending || !isDirty} aria-describedby={failure && 'profile-form-error'}>
        {update.isPending ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}
