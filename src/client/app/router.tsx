import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Redirect, Route, Switch } from 'wouter';
import { PageErrorBoundary, PageLoading, PageShown } from './lazy-page';
import { removeStaticWelcome } from '../lib/static-welcome';
import { RequireUser } from './require-user';
import { APP_ROUTES, NOT_FOUND_ROUTE, type AppRoute } from './routes';

function RoutePage({ route }: { route: AppRoute }) {
  const Page = route.page;
  // Start fetching the page's chunk now, alongside the session read RequireUser waits for,
  // rather than after it. Idempotent: the chunk is requested once.
  void Page.preload?.();
  const qc = useQueryClient();
  const { prefetch } = route;
  // Once per visit to the route (an effect, not the render, which reruns on every change above).
  useEffect(() => prefetch?.(qc), [prefetch, qc]);
  // The welcome the server may put in /chat's HTML belongs to the chat alone (ADR 0009): gone
  // from any other page, e.g. the sign-in page a session that ended in the meantime leads to.
  useEffect(() => {
    if (route.path !== '/chat') removeStaticWelcome();
  }, [route.path]);
  const page = (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Page />
        <PageShown />
      </Suspense>
    </PageErrorBoundary>
  );
  if (route.auth === 'public') return page;
  return (
    <RequireUser>{page}</RequireUser>
  );
}

/** Every route of the route table, and an old name that redirects to one; anything else is the 404 page. */
export function AppRoutes() {
  return (
    <Switch>
      {APP_ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          <RoutePage route={route} />
        </Route>
      ))}
      {/* product §13.2's back map names /basic-checkout, which product §13.2 reads as /checkout-basic: the old name leads there, not to the 404 (issue #25). */}
      <Route path="/basic-checkout">
        <Redirect to="/checkout-basic" replace />
      </Route>
      <Route>
        <RoutePage route={NOT_FOUND_ROUTE} />
      </Route>
    </Switch>
  );
}
