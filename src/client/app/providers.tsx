import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';

/**
 * The toaster (Radix Toast, about 9 KB compressed) loads after the first paint instead of before
 * it: no page shows a toast before the rep has done something, and a toast raised earlier is kept
 * in the toast store and shown as soon as the toaster mounts.
 */
const Toaster = lazy(() => import('./layout/toaster').then((m) => ({ default: m.Toaster })));

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
