import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { setCurrentUser } from '../lib/api/current-user';
import { navigate } from 'wouter/use-browser-location';
import { signInPathFor } from '../lib/return-path';
import { signedOutReason, subscribeSessionLost, subscribeSignedOut } from '../lib/session-ended';
import { LazyToaster } from './lazy-toaster';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // A request refused because a password change elsewhere ended this session signs this tab
  // out at once; the route guard then sends the user to the sign-in page, which says why.
  useEffect(
    () =>
      subscribeSignedOut(() => {
        if (signedOutReason()) void setCurrentUser(queryClient, null);
      }),
    [queryClient],
  );
  // Any other 401 (an expired session, a sign-out in another tab): signed out here too, and on to
  // sign-in, which leads back to this page (issue #25). Replace: Back must not reopen a page that
  // would only send the user to sign-in again.
  useEffect(
    () =>
      subscribeSessionLost(() => {
        void setCurrentUser(queryClient, null).then(() => {
          const here = `${location.pathname}${location.search}`;
          if (location.pathname === '/auth' || location.pathname === '/signup') return;
          navigate(signInPathFor(here), { replace: true });
        });
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
