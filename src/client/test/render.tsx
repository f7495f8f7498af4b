import { QueryClientProvider, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { User } from '#shared/schemas/user';
import { currentUserKey } from '../lib/api/current-user';
import { createQueryClient } from '../lib/query-client';

export interface RenderOptions {
  /** Where the in-memory router starts; its history is recorded (`memory.history`). */
  path?: string;
  /** Put in the cache as GET /api/auth/session would answer (null: signed out); left out, the session is fetched. */
  user?: User | null;
  /** Other answers put in the cache before the first render, as their requests would have answered. */
  data?: ReadonlyArray<readonly [QueryKey, unknown]>;
  /** A client the test prepared or shares between renders; otherwise a fresh one from the app's own factory. */
  client?: QueryClient;
}

export type AppRender = RenderResult & { client: QueryClient; memory: ReturnType<typeof memoryLocation> };

/**
 * Renders `ui` inside what the app gives every page: the app's own query client (so tests run with
 * its staleTime, no retry and no refetch on focus, not React Query's defaults) and a router. The
 * toaster needs no provider: a toast is read from the toast store.
 */
export function renderWithApp(ui: ReactElement, { path = '/', user, data = [], client = createQueryClient() }: RenderOptions = {}): AppRender {
  if (user !== undefined) client.setQueryData(currentUserKey, user);
  for (const [key, value] of data) client.setQueryData(key, value);
  const memory = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        {children}
      </Router>
    </QueryClientProvider>
  );
  const result: RenderResult = render(ui, { wrapper });
  return { ...result, client, memory };
}
