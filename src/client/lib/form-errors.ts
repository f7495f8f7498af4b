import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client';

/** The readable message of a failed call, for a toast. */
export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong');

/**
 * Puts the server's field errors (`{ errors: { field: [message] } }`) under the form's own
 * fields, so a rule only the server can check (a taken email, a wrong password) reads like any other.
 * Returns true when at least one field got a message.
 */
export function applyServerErrors<T extends FieldValues>(err: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  if (!(err instanceof ApiRequestError) || !err.body.errors) return false;
  let applied = false;
  for (const field of fields) {
    const message = err.body.errors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
