import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { cn } from '../../lib/cn';
import { usePublicConfig } from '../../lib/api/config';
import { useCurrentUser } from '../../lib/api/current-user';
import { APP_ROUTES, backTarget, documentTitleOf, useCurrentRoute, type AppRoute } from '../routes';

const TABS = APP_ROUTES.flatMap((route) => (route.tab ? [{ path: route.path, ...route.tab }] : []));

function HeaderBar({ route }: { route: AppRoute }) {
  const [path] = useLocation();
  const { data: user } = useCurrentUser();
  const back = backTarget(route.back, path, user);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-4xl items-center gap-3 px-4">
        {back !== null && (
          <Link href={back} className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100">
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back
          </Link>
        )}
        {route.title && <h1 className="truncate text-base font-semibold text-slate-900">{route.title}</h1>}
      </div>
    </header>
  );
}

function TabBar({ route }: { route: AppRoute }) {
  return (
    <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
      <ul className="mx-auto grid max-w-4xl grid-cols-5">
        {TABS.map(({ path, label, icon: Icon }) => {
          const active = route.path === path;
          return (
            <li key={path}>
              <Link
                href={path}
                aria-current={active ? 'page' : undefined}
                className={cn('flex flex-col items-center gap-0.5 py-2 text-xs font-medium', active ? 'text-blue-700' : 'text-slate-500 hover:text-slate-800')}
              >
                <Icon className="h-5 w-5" aria-hidden />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The browser tab names the page and the product, so several open tabs can be told apart. */
function useDocumentTitle(title: string) {
  const { productName } = usePublicConfig();
  useEffect(() => {
    document.title = title ? `${title} · ${productName}` : productName;
  }, [title, productName]);
}

/** Shared chrome (SPEC §2): header bar with Back, the page, and the bottom tab bar for signed-in users. */
export function AppLayout({ children }: { children: ReactNode }) {
  const route = useCurrentRoute();
  const { data: user } = useCurrentUser();
  useDocumentTitle(documentTitleOf(route, useSearch()));
  const tabs = Boolean(user) && route.chrome === 'header-and-tabs';
  return (
    <div className="flex min-h-screen flex-col">
      {route.chrome !== 'none' && <HeaderBar route={route} />}
      <main className={cn('flex-1', tabs && 'pb-20')}>{children}</main>
      {tabs && <TabBar route={route} />}
    </div>
  );
}
