import type { ReactNode } from 'react';
import { Label } from './label';

/** The ids a field's control points at with aria-describedby: its hint, then its error. */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: unknown }): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/**
 * A labelled form field. The hint (a rule to know before typing, such as the password rules)
 * shows from the start; the validation message shows under it and is announced when it appears.
 * The control inside should carry `aria-describedby={describedBy(id, …)}` so both are read with it.
 */
export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
