import { useSyncExternalStore } from 'react';

/**
 * Why this browser's session ended: the server's reason (see ERROR_CODES in
 * shared/schemas/errors.ts), or `session_ended` for any other 401 while the app was in use
 * (expired, signed out in another tab), so the sign-in page it leads to is not silent (issue #25).
 */
export type SignedOutReason = 'password_changed' | 'session_ended' | 'session_ended_draft_kept';

export const SIGNED_OUT_MESSAGES: Record<SignedOutReason, string> = {
  password_changed: 'You were signed out because your password was changed on another device.',
  session_ended: 'Your session ended. Sign in to continue.',
  // A chat message the server refused was kept for after signing in (lib/return-draft.ts).
  session_ended_draft_kept: 'Your session ended. Sign in to continue — your unsent message is kept.',
};

/**
 * Kept outside the query cache on purpose: the current-user query becomes null at the same
 * moment, and the sign-in page must still be able to say why after that.
 */
let reason: SignedOutReason | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function noteSignedOut(next: SignedOutReason): void {
  if (reason === next) return;
  reason = next;
  emit();
}

export function forgetSignedOutReason(): void {
  if (reason === null) return;
  reason = null;
  emit();
}

export function subscribeSignedOut(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const signedOutReason = (): SignedOutReason | null => reason;

export function useSignedOutReason(): SignedOutReason | null {
  return useSyncExternalStore(subscribeSignedOut, signedOutReason);
}

/**
 * Any 401 from the API outside the sign-in form: the session is gone (expired, signed out in
 * another tab). The app's one handler (app/providers.tsx) signs the tab out; the route guard
 * then takes the user to sign-in, and back afterwards.
 */
export const sessionLost = { handle: (): void => undefined };

/**
 * The user chose Log Out in this tab: a signed-in page opened afterwards (Back) goes to the
 * welcome page, not to a sign-in prompt for the account just left. Until the next sign-in.
 */
export const logOut = { onPurpose: false };
