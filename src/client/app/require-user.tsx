import { useDeferredValue, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useCurrentUser } from '../lib/api/current-user';
import { signInPathFor } from '../lib/return-path';
import { useSignedOutReason, wasLoggedOutOnPurpose } from '../lib/session-ended';

/**
 * The one signed-out redirect: shows `children` to a signed-in user and sends a signed-out
 * visitor to `signedOutTo`, replacing the address so Back does not lead to a page they cannot
 * see; with `returnHere`, sign-in then brings them back (every signed-in page does, issue #25). Someone the server signed out (a password change on another device) goes to the sign-in
 * page instead, which tells them why. While the session is being read nothing shows, so a
 * signed-in user never sees a flash.
 */
export function RequireUser({ signedOutTo, returnHere = false, children }: { signedOutTo: string; returnHere?: boolean; children: ReactNode }) {
  const { data: current, isError } = useCurrentUser();
  // The session's answer arrives through the query cache, whose updates render synchronously: the
  // whole page would then be drawn in one long task. Deferred, it is drawn in an interruptible
  // render that yields to the browser every few milliseconds (ADR 0009, "/chat's blocking time").
  const user = useDeferredValue(current);
  const signedOutBecause = useSignedOutReason();
  const [path] = useLocation();
  const search = useSearch();
  if (user) return children;
  if (user === null) {
    const here = search ? `${path}?${search}` : path;
    // After Log Out in this tab (Back to a page of the account just left): the welcome page.
    if (wasLoggedOutOnPurpose()) return <Redirect to="/" replace />;
    // Signing in leads back to the page (issue #25: a deep link or a shared link is not lost).
    // Signed out by a password change elsewhere: the sign-in page also says why.
    if (signedOutBecause || (returnHere && signedOutTo === '/auth')) return <Redirect to={signInPathFor(here)} replace />;
    return <Redirect to={signedOutTo} replace />;
  }
  // Offline or a failed read: whether anyone is signed in is unknown, so neither the page nor a redirect is right.
  if (isError) {
    return (
      <p role="alert" className="mx-auto max-w-md px-4 py-10 text-center text-slate-600">
        We could not confirm that you are signed in. Check your connection and reload the page.
      </p>
    );
  }
  return null;
}
