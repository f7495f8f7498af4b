import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { setCurrentUser } from '../lib/api/current-user';
import { sessionLost } from '../lib/session-ended';
import { LazyToaster } from './lazy-toaster';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Any 401 (an expired session, a sign-out in another tab, a password changed elsewhere): this
  // tab is signed out too, and the route guard (require-user.tsx) takes the user to sign-in, which
  // leads back to the page afterwards (issue #25). Public pages stay, as a visitor sees them.
  useEffect(() => {
    sessionLost.handle = () => void setCurrentUser(queryClient, null);
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
