/**
 * Where a visitor was headed, kept across signing in, signing up, onboarding and the tutorial
 * (issue #25). Its own small module: the first chunk (welcome, sign-in) carries it.
 */

/**
 * A path of this site: `/`, then not a second `/` or `\` (`//evil.example` and `/\evil.example`
 * are other hosts to a browser), and no backslash or control character anywhere (a URL parser
 * drops a tab or newline, so `/\t/evil.example` would become `//evil.example`). Anything absolute
 * (`https:`, `javascript:`) does not start with `/`. So the sign-in page is no open redirect.
 */
// Matching control characters is the point here: they are what must be refused.
// oxlint-disable-next-line no-control-regex
const SAME_SITE_PATH = /^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/;

/** `next` if it is a path of this site; null otherwise. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  return raw && SAME_SITE_PATH.test(raw) ? raw : null;
}

/** The sign-in page, with signing in leading back to `path` (a path of this app: the one shown). */
export const signInPathFor = (path: string): string => `/auth?next=${encodeURIComponent(path)}`;
