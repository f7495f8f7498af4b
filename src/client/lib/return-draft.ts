/**
 * A chat message the server refused because the session had ended (a 401), kept for after
 * signing in again (issue #25). In sessionStorage, with the account it belongs to: only the same
 * account gets it back, so someone else signing in on a shared computer never sees it.
 */
import { noteSignedOut, signedOutReason } from './session-ended';

const KEY = 'salesCoachReturnDraft';

interface ReturnDraft {
  userId: number;
  content: string;
}

export function saveReturnDraft(userId: number | null, content: string): void {
  if (userId === null || content.trim() === '') return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ userId, content } satisfies ReturnDraft));
    // Now the sign-in page the rep is sent to may promise the message back. Only for a session
    // that ended: after a password change elsewhere, that reason is the one to read.
    if (signedOutReason() === 'session_ended') noteSignedOut('session_ended_draft_kept');
  } catch {
    // Storage switched off: the message cannot outlive the page.
  }
}

/** The draft kept for `userId` (the page removes it once shown, forgetReturnDraft). */
export function peekReturnDraft(userId: number): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const draft = parsed as Partial<ReturnDraft>;
    return draft.userId === userId && typeof draft.content === 'string' ? draft.content : null;
  } catch {
    return null;
  }
}

export function forgetReturnDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
