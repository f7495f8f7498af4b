export type AuthMode = 'signin' | 'signup';

/**
 * `?mode=signup` / `?mode=signin` picks the auth card's side; the route's own mode otherwise.
 * Its own module: the route table reads it for the browser tab's title, the page for its side.
 */
export function authModeFrom(search: string, fallback: AuthMode): AuthMode {
  const mode = new URLSearchParams(search).get('mode');
  return mode === 'signup' || mode === 'signin' ? mode : fallback;
}
