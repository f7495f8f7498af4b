import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { describedBy, Field } from '../../../components/ui/field';
import { lateModule, unbound, useLateModule, useSubmit, type FormBinding } from '../lib/late-validation';

/**
 * Both forms' validation, one chunk: zod, react-hook-form and the shared schemas load once,
 * after the card has painted, whichever side the card opens on or is toggled to.
 */
export const authValidation = lateModule(() => import('./auth-validation'));

export interface AuthFieldSpec<F extends string> {
  name: F;
  label: string;
  type?: 'email' | 'password';
  autoComplete: string;
  /** A rule to know before typing, shown from the start (the password rules). */
  hint?: string;
}

type AuthValidation = NonNullable<ReturnType<typeof authValidation.loaded>>;

/**
 * One side of the auth card. It shows and takes typing before its validation has loaded
 * (lib/late-validation.ts: fetched when the browser is idle, or when the form is touched);
 * `validation` then renders that side's validation component, which checks the fields with the
 * shared schema and hands back its messages. The field ids are the field names (the page
 * focuses them by id).
 */
export function AuthForm<F extends string>({
  fields,
  submitLabel,
  pendingLabel,
  validation,
  error,
}: {
  fields: readonly AuthFieldSpec<F>[];
  /** Why the server refused the last try (wrong password, name taken): above the button, read with it. */
  error?: string;
  submitLabel: string;
  pendingLabel: string;
  validation: (loaded: AuthValidation, bind: (binding: FormBinding<F>) => void) => ReactNode;
}) {
  const { module: loaded, load } = useLateModule(authValidation);
  const [binding, setBinding] = useState<FormBinding<F> | null>(null);
  const { formRef, onSubmit } = useSubmit(binding, load);
  const bind = binding?.register ?? unbound;
  const pending = binding?.pending ?? false;
  return (
    <>
      {/* Touching the form asks for its validation at once, rather than when the browser is idle. */}
      <form ref={formRef} noValidate onSubmit={onSubmit} onFocus={load} onPointerDown={load} className="space-y-4">
        {fields.map(({ name, label, type, autoComplete, hint }) => {
          const error = binding?.errors[name];
          return (
            <Field key={name} id={name} label={label} hint={hint} error={error}>
              <Input id={name} type={type} autoComplete={autoComplete} aria-invalid={Boolean(error)} aria-describedby={describedBy(name, { hint: Boolean(hint), error })} {...bind(name)} />
            </Field>
          );
        })}
        {error && (
          <p id="auth-error" role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={pending} aria-describedby={error && 'auth-error'}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </form>
      {loaded && validation(loaded, setBinding)}
    </>
  );
}
