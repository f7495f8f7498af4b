import type { User } from '#shared/schemas/user';
import { clearPersonalBrowserData, PERSONAL_STORAGE_KEYS } from './browser-storage';

/**
 * The browser's `salesCoachUser` record (product §14.1). A display cache only: the server's
 * session decides who the user is (product §2), and the cache is refreshed from
 * GET /api/user. Editing it grants nothing.
 */
export const STORED_USER_KEY = PERSONAL_STORAGE_KEYS.user;

export type StoredUser = Pick<
  User,
  | 'id'
  | 'username'
  | 'email'
  | 'isAdmin'
  | 'onboardingCompleted'
  | 'hasBasicAccess'
  | 'hasProAccess'
  | 'freeSessionExpiresAt'
  | 'freeSessionUsed'
  | 'weeklyFreeChatsRemaining'
  | 'lastWeeklyResetDate'
  | 'sessionCount'
  | 'referralCode'
  | 'freeProMonthsRemaining'
> & { targetIncome?: number | null };

export function toStoredUser(u: User): StoredUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    isAdmin: u.isAdmin,
    onboardingCompleted: u.onboardingCompleted,
    hasBasicAccess: u.hasBasicAccess,
    hasProAccess: u.hasProAccess,
    freeSessionExpiresAt: u.freeSessionExpiresAt,
    freeSessionUsed: u.freeSessionUsed,
    weeklyFreeChatsRemaining: u.weeklyFreeChatsRemaining,
    lastWeeklyResetDate: u.lastWeeklyResetDate,
    sessionCount: u.sessionCount,
    referralCode: u.referralCode,
    freeProMonthsRemaining: u.freeProMonthsRemaining,
    targetIncome: u.targetIncome,
  };
}

export function readStoredUser(): StoredUser | null {
  const raw = localStorage.getItem(STORED_USER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StoredUser;
    return typeof parsed === 'object' && parsed !== null && typeof parsed.id === 'number' ? parsed : null;
  } catch {
    // product §2.5: a broken record is only logged.
    console.warn('Ignoring an unreadable salesCoachUser record');
    return null;
  }
}

export function writeStoredUser(user: User): void {
  localStorage.setItem(STORED_USER_KEY, JSON.stringify(toStoredUser(user)));
}

/** Signed out: the cached user goes, and with it everything else of theirs kept in this browser. */
export function clearStoredUser(): void {
  clearPersonalBrowserData();
}
