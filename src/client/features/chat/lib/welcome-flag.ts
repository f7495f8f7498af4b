import { CHAT_WELCOME_SEEN_COOKIE } from '#shared/chat-welcome';

/**
 * product §7.1: the welcome dialog shows on the first visit in this browser only. Remembered in a
 * cookie, not in storage, so the server knows too: it puts the welcome in /chat's HTML only for a
 * browser that has not closed it yet (ADR 0009).
 */

/** Where it was remembered before the cookie; still read, so nobody is welcomed twice. */
const LEGACY_STORAGE_KEY = 'salesCoachChatWelcomeSeen';
const YEAR_S = 365 * 24 * 60 * 60;

const hasCookie = () => document.cookie.split(';').some((pair) => pair.trim().startsWith(`${CHAT_WELCOME_SEEN_COOKIE}=`));

function seenInStorage(): boolean {
  try {
    return localStorage.getItem(LEGACY_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

export function hasSeenChatWelcome(): boolean {
  if (hasCookie()) return true;
  if (!seenInStorage()) return false;
  markChatWelcomeSeen();
  return true;
}

export function markChatWelcomeSeen(): void {
  // Not secret and not personal: it only says this browser has seen the welcome. Secure when the
  // page is, like the session cookie; the server reads it on /chat, a same-site navigation.
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CHAT_WELCOME_SEEN_COOKIE}=1; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
}
