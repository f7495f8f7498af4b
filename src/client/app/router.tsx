import { Route, Switch } from 'wouter';
import { RequireUser } from './require-user';
import { APP_ROUTES, NOT_FOUND_ROUTE, type AppRoute } from './routes';

function RoutePage({ route }: { route: AppRoute }) {
  const Page = route.page;
  if (route.auth === 'public') return <Page />;
  return (
    <RequireUser signedOutTo={route.auth.signedOutTo}>
      <Page />
    </RequireUser>
  );
}

/** Every route of the route table; anything else is the 404 page. */
export function AppRoutes() {
  return (
    <Switch>
      {APP_ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          <RoutePage route={route} />
        </Route>
      ))}
      <Route>
        <RoutePage route={NOT_FOUND_ROUTE} />
      </Route>
    </Switch>
  );
}
