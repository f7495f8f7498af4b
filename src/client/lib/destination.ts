import { safeReturnPath } from './return-path';

/**
 * Where a new account was headed (a checkout link) while it goes through onboarding and the
 * tutorial (issue #25). Apart from return-path.ts: only the lazy pages need it, and the first
 * chunk has no room. sessionStorage: per tab, gone with it, as an errand in this tab should be.
 */
const DESTINATION_KEY = 'salesCoachDestination';

/** A new account's errand (a checkout link), for after onboarding and the tutorial. */
export function rememberDestination(path: string | null): void {
  const safe = safeReturnPath(path);
  try {
    if (safe) sessionStorage.setItem(DESTINATION_KEY, safe);
    else sessionStorage.removeItem(DESTINATION_KEY);
  } catch {
    // Storage switched off: the errand is forgotten and the usual path (the chat) stands.
  }
}

export function rememberedDestination(): string | null {
  try {
    return safeReturnPath(sessionStorage.getItem(DESTINATION_KEY));
  } catch {
    return null;
  }
}

export const forgetDestination = (): void => rememberDestination(null);
