/**
 * Where a visitor was headed, kept across signing in, signing up, onboarding and the tutorial
 * (issue #25). Its own small module: the first chunk (welcome, sign-in) carries it.
 */

/** The sign-in and sign-up pages: never a destination, or signing in would lead back to itself. */
const AUTH_PATHS = /^\/(auth|signup)(?:[/?#]|$)/;

/**
 * `next` only if it is a path of this site: an absolute (`https:`) or protocol-relative
 * (`//evil.example`, `/\evil.example`) address would make the sign-in page an open redirect.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // Control characters (a tab or newline inside `/\t/evil`) are dropped by URL parsers: refused outright.
  for (const ch of raw) if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) return null;
  const base = 'https://same-site.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return AUTH_PATHS.test(path) ? null : path;
}

/** The sign-in page, with signing in leading back to `path`. */
export function signInPathFor(path: string): string {
  const next = safeReturnPath(path);
  return next ? `/auth?next=${encodeURIComponent(next)}` : '/auth';
}

/** sessionStorage: per tab, gone with it, as an errand in this tab should be. */
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
