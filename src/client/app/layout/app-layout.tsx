import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { cn } from '../../lib/cn';
import { usePublicConfig } from '../../lib/api/config';
import { useCurrentUser } from '../../lib/api/current-user';
import { canGoBackInApp } from '../../lib/in-app-history';
import { PageChromeProvider, usePageChromeHost } from '../../lib/page-chrome';
import { backTarget, documentTitleOf, useCurrentRoute, type AppRoute } from '../routes';

/*
 * The tab bar is a chunk of its own, with its icons: it shows only to a signed-in user, while the
 * first chunk is shared by `/`, `/auth` and `/signup`, which have no tab bar and no bytes to spare
 * under their 100 KB budget (issue #27 added two pages to the route table). It is requested as the
 * layout first renders, beside the page's chunk; until it arrives a bar of its height holds its place.
 */
const TabBar = lazy(() => import('./tab-bar'));

interface HeaderBarProps {
  route: AppRoute;
  onSubtitleSlot: (el: HTMLElement | null) => void;
  onActionsSlot: (el: HTMLElement | null) => void;
}

/**
 * Back, the title, and two slots a page may fill (product §13.3: "optional extra content"): a line
 * under the title and controls at the end. The chat puts its own bar here, so a phone spends one
 * bar, not two, above the conversation. Back is a 44 px target; on a phone it is the arrow alone,
 * which leaves the title its room.
 */
function HeaderBar({ route, onSubtitleSlot, onActionsSlot }: HeaderBarProps) {
  const [path] = useLocation();
  const { data: user } = useCurrentUser();
  // Back never leads to a page that would send the user straight back (routes.ts backTarget).
  // A public page (Privacy, Terms, Feedback, Get the App) is reached from anywhere: Back goes where
  // the user came from when that was a page of the app (issue #25).
  const byHistory = route.auth === 'public' && canGoBackInApp();
  // While the session is read on a signed-in page, Back is drawn as a rep who finished onboarding
  // sees it, as the server's painted header does (src/shared/app-shell.ts): the title stays put.
  const back = backTarget(route.back, path, user === undefined && route.auth === 'signed-in' ? { onboardingCompleted: true } : user);
  return (
    <header className="sticky top-0 z-40 shrink-0 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-4xl items-center gap-2 px-2 sm:px-4">
        {back !== null && (
          <Link
            href={back}
            onClick={(e) => byHistory && (e.preventDefault(), history.back())}
            className="inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <ArrowLeft className="h-5 w-5 sm:h-4 sm:w-4" aria-hidden />
            <span className="max-sm:sr-only">Back</span>
          </Link>
        )}
        <div className={cn('min-w-0 flex-1', back === null && 'pl-2')}>
          {route.title && <h1 className="truncate text-base font-semibold leading-tight text-slate-900">{route.title}</h1>}
          <div ref={onSubtitleSlot} className="empty:hidden" />
        </div>
        <div ref={onActionsSlot} className="flex shrink-0 items-center gap-1 empty:hidden" />
      </div>
    </header>
  );
}

/** The browser tab names the page and the product, so several open tabs can be told apart. */
function useDocumentTitle(title: string) {
  const { productName } = usePublicConfig();
  useEffect(() => {
    document.title = title ? `${title} · ${productName}` : productName;
  }, [title, productName]);
}

/** Shared chrome (product §13.3): header bar with Back, the page, and the bottom tab bar for signed-in users. */
export function AppLayout({ children }: { children: ReactNode }) {
  const route = useCurrentRoute();
  const { data: user } = useCurrentUser();
  useDocumentTitle(documentTitleOf(route, useSearch()));
  const [subtitleSlot, setSubtitleSlot] = useState<HTMLElement | null>(null);
  const [actionsSlot, setActionsSlot] = useState<HTMLElement | null>(null);
  const chrome = usePageChromeHost(subtitleSlot, actionsSlot);
  const { fill, tabsHidden } = chrome.state;
  const tabs = Boolean(user) && route.chrome === 'header-and-tabs';
  return (
    <PageChromeProvider value={chrome.value}>
      {/* A page that fills the screen gets exactly the dynamic viewport's height, so nothing below its input row is left over. */}
      <div className={cn('flex flex-col', fill ? 'h-dvh overflow-hidden' : 'min-h-screen')}>
        {route.chrome !== 'none' && <HeaderBar route={route} onSubtitleSlot={setSubtitleSlot} onActionsSlot={setActionsSlot} />}
        <main className={cn('flex-1', fill ? 'flex min-h-0 flex-col' : tabs && 'pb-20')}>{children}</main>
        {tabs && (
          <Suspense fallback={<div aria-hidden className={cn('h-[55px] border-t border-slate-200 bg-white', fill ? 'shrink-0' : 'fixed inset-x-0 bottom-0', tabsHidden && 'max-sm:hidden')} />}>
            <TabBar route={route} inFlow={fill} hidden={tabsHidden} />
          </Suspense>
        )}
      </div>
    </PageChromeProvider>
  );
}
