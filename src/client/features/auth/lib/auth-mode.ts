export type AuthMode = 'signin' | 'signup';

/**
 * `?mode=signup` / `?mode=signin` picks the auth card's side; the route's own mode otherwise.
 * Its own module: the route table reads it for the browser tab's title, the page for its side.
 */
export function authModeFrom(search: string, fallback: AuthMode): AuthMode {
  const params = new URLSearchParams(search);
  const mode = params.get('mode');
  // A referral link (/auth?ref=CODE) is for someone without an account yet.
  return mode === 'signup' || mode === 'signin' ? mode : params.has('ref') ? 'signup' : fallback;
}
