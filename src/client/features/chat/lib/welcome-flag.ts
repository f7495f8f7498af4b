/** SPEC §2 Chat: the welcome dialog shows on the first visit in this browser only. */
export const CHAT_WELCOME_SEEN_KEY = 'salesCoachChatWelcomeSeen';

export function hasSeenChatWelcome(): boolean {
  try {
    return localStorage.getItem(CHAT_WELCOME_SEEN_KEY) !== null;
  } catch {
    // Storage switched off: show the welcome; it cannot be remembered, but it closes for this visit.
    return false;
  }
}

export function markChatWelcomeSeen(): void {
  try {
    localStorage.setItem(CHAT_WELCOME_SEEN_KEY, '1');
  } catch {
    // Storage switched off or full: the dialog will simply show again next visit.
  }
}
