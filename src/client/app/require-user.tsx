import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useCurrentUser } from '../lib/api/current-user';
import { signInPathFor } from '../lib/return-path';
import { PageLoading } from './lazy-page';
import { logOut } from '../lib/session-ended';

/**
 * The one signed-out redirect: shows `children` to a signed-in user and sends a signed-out
 * visitor to sign-in, replacing the address so Back does not lead to a page they cannot see;
 * signing in then brings them back here (issue #25). Someone the server signed out (a password
 * change on another device) is told why on the sign-in page. After Log Out in this tab, the
 * welcome page instead. While the session is being read only the page's loading line shows (on
 * the first load, the one the server painted), so a signed-in user never sees a flash.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { data: current, isError, refetch } = useCurrentUser();
  // The network coming back answers the question: read the session again then, without a reload
  // (issue #25). React Query's own reconnect refetch misses this case: a page that opened offline
  // never saw an "offline" event, so it never learns it was offline.
  useEffect(() => {
    if (!isError) return;
    const retry = () => refetch();
    addEventListener('online', retry);
    return () => removeEventListener('online', retry);
  }, [isError, refetch]);
  // The session's answer arrives through the query cache, whose updates render synchronously: the
  // whole page would then be drawn in one long task. Deferred, it is drawn in an interruptible
  // render that yields to the browser every few milliseconds (ADR 0009, "/chat's blocking time").
  const user = useDeferredValue(current);
  const [path] = useLocation();
  const search = useSearch();
  if (user) return children;
  if (user === null) {
    // After Log Out in this tab (Back to a page of the account just left): the welcome page.
    return <Redirect to={logOut.onPurpose ? '/' : signInPathFor(search ? `${path}?${search}` : path)} replace />;
  }
  // Offline or a failed read: whether anyone is signed in is unknown, so neither the page nor a redirect is right.
  if (isError) {
    return (
      <div role="alert" className="mx-auto max-w-md px-4 py-10 text-center text-slate-600">
        <p>We could not confirm that you are signed in. Check your connection.</p>
        <button onClick={() => refetch()} className="mt-4 min-h-11 rounded-md bg-blue-600 px-5 text-white">
          Retry
        </button>
      </div>
    );
  }
  return <PageLoading />;
}
