import { Component, lazy, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/**
 * A page component as the route table holds it. A page that loads as its own chunk also carries
 * `preload`, so the router can start fetching it at once, while it still waits for the session
 * read, instead of only once the page is first rendered.
 */
export type PageComponent = ComponentType & { preload?: () => Promise<unknown> };

export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/**
 * A page that loads as its own chunk when first shown (or preloaded), so a visitor downloads the
 * code of the pages they open and no others. `load` names the module with a literal import()
 * so Vite can split it out.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  // One request per page, however often the router asks: import() caches the module, this the promise.
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  return Object.assign(lazy(preload), { preload });
}

/**
 * How long a page may take to load before the fallback says so. On a normal connection the chunk
 * arrives well within this, and a "Loading…" line that shows for a blink reads as a flicker.
 */
export const PAGE_LOADING_DELAY_MS = 400;

/**
 * What the server painted in the root for this page's first load, if anything ("Loading your
 * coach…" for a browser with a session, "Loading…" without: src/shared/app-shell.ts). Read as the
 * app's modules load, before React's first render replaces it; emptied once the first page shows.
 */
let painted = document.querySelector('#root [role=status]')?.textContent;

/**
 * What stands in for a page while the session is read and its chunk loads: nothing at first, then
 * a quiet status line. On the first load the painted line instead, at once and in the same place
 * (its classes are these: APP_SHELL_LOADING_CLASS), so the page is never blank in between (issue #25).
 */
export function PageLoading() {
  const [late, setLate] = useState(Boolean(painted));
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), PAGE_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!late) return null;
  return (
    <p role="status" className="px-4 py-10 text-center text-slate-500">
      {painted || 'Loading…'}
    </p>
  );
}

/**
 * Rendered after the page, inside its Suspense boundary, so its effect runs once the page has
 * shown: from then on the painted line is not drawn again. It draws nothing: a line drawn here
 * would stay under the page, as nothing renders this again once the page is up (/chat).
 */
export function PageShown() {
  useEffect(() => void (painted = ''), []);
  return null;
}

/**
 * What shows when a page cannot be shown: its chunk did not load (offline on a page not visited
 * before, or a release replaced the chunk this tab's index.html names) or the page failed to
 * render. Without it the whole app would go blank; here the shell stays and a reload fetches
 * the current release.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-md space-y-4 px-4 py-10 text-center text-slate-600">
        <p>This page could not be loaded. Check your connection, then reload.</p>
        <button type="button" onClick={() => window.location.reload()} className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700">
          Reload
        </button>
      </div>
    );
  }
}
