import { Gift, GraduationCap, Layers, MessageSquare, User, Users } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { APP_ROUTES, type AppRoute, type TabIconName } from '../routes';

/** The tab bar and its icons: a chunk of its own (app-layout.tsx says why). */
const ICONS = { chat: MessageSquare, training: GraduationCap, deck: Layers, community: Users, referrals: Gift, account: User } as const satisfies Record<TabIconName, unknown>;

function TabIcon({ name }: { name: TabIconName }) {
  const Icon = ICONS[name];
  return <Icon className="h-5 w-5" aria-hidden />;
}

const TABS = APP_ROUTES.flatMap((route) => (route.tab ? [{ path: route.path, ...route.tab }] : []));

/**
 * The tab bar. Fixed to the bottom of a scrolling page; on a page that fills the screen it is
 * the last row of it instead, and on a phone it steps aside while the page's text box has focus,
 * so the keyboard leaves the conversation room.
 */
export default function TabBar({ route, inFlow, hidden }: { route: AppRoute; inFlow: boolean; hidden: boolean }) {
  return (
    <nav
      aria-label="Main"
      className={cn(
        'z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]',
        inFlow ? 'shrink-0' : 'fixed inset-x-0 bottom-0',
        hidden && 'max-sm:hidden',
      )}
    >
      <ul className="mx-auto grid max-w-4xl auto-cols-fr grid-flow-col">
        {TABS.map(({ path, label, icon }) => {
          const active = (route.tabOf ?? route.path) === path;
          return (
            <li key={path}>
              <Link
                href={path}
                aria-current={active ? 'page' : undefined}
                className={cn('flex min-h-11 flex-col items-center justify-center gap-0.5 py-2 text-xs font-medium', active ? 'text-blue-700' : 'text-slate-500 hover:text-slate-800')}
              >
                <TabIcon name={icon} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

