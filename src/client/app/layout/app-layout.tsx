import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ArrowLeft, GraduationCap, MessageSquare, Gift, User, Users } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../../features/user/api/get-current-user';
import { backTarget, pageTitle, showsHeader, showsTabBar, TABS } from './navigation';

const TAB_ICONS = { '/chat': MessageSquare, '/training': GraduationCap, '/community': Users, '/referral': Gift, '/account': User } as const;

function HeaderBar({ path }: { path: string }) {
  const target = backTarget(path);
  const title = pageTitle(path);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-4xl items-center gap-3 px-4">
        {target && (
          <Link href={target} className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100">
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back
          </Link>
        )}
        {title && <h1 className="truncate text-base font-semibold text-slate-900">{title}</h1>}
      </div>
    </header>
  );
}

function TabBar({ path }: { path: string }) {
  return (
    <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
      <ul className="mx-auto grid max-w-4xl grid-cols-5">
        {TABS.map((tab) => {
          const Icon = TAB_ICONS[tab.path];
          const active = path === tab.path;
          return (
            <li key={tab.path}>
              <Link
                href={tab.path}
                aria-current={active ? 'page' : undefined}
                className={cn('flex flex-col items-center gap-0.5 py-2 text-xs font-medium', active ? 'text-blue-700' : 'text-slate-500 hover:text-slate-800')}
              >
                <Icon className="h-5 w-5" aria-hidden />
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Shared chrome (SPEC §2): header bar with Back, the page, and the bottom tab bar for signed-in users. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const { data: user } = useCurrentUser();
  const tabs = Boolean(user) && showsTabBar(path);
  return (
    <div className="flex min-h-screen flex-col">
      {showsHeader(path) && <HeaderBar path={path} />}
      <main className={cn('flex-1', tabs && 'pb-20')}>{children}</main>
      {tabs && <TabBar path={path} />}
    </div>
  );
}
