import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { setCurrentUser } from '../lib/api/current-user';
import { signedOutReason, subscribeSignedOut } from '../lib/session-ended';
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
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
