import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * What a page may ask of the app's chrome (app/layout), without importing it: a page lives
 * inside the layout, so the layout hands this down instead.
 */
export interface PageChrome {
  /** Under the header's title: a page's one-line subtitle (product §13.3: "optional extra content"). */
  subtitleSlot: HTMLElement | null;
  /** At the header's end: a page's own controls, so they need no bar of their own. */
  actionsSlot: HTMLElement | null;
  setFill: (fill: boolean) => void;
  setTabsHidden: (hidden: boolean) => void;
}

const PageChromeContext = createContext<PageChrome | null>(null);

export interface PageChromeState {
  /** The page fills the screen between the header and the tab bar and scrolls inside itself. */
  fill: boolean;
  /** On a small screen the tab bar steps aside (the page's text box has focus: the keyboard is up). */
  tabsHidden: boolean;
}

/** The layout's side: the state pages set, and the value its provider hands them. */
export function usePageChromeHost(subtitleSlot: HTMLElement | null, actionsSlot: HTMLElement | null) {
  const [fill, setFill] = useState(false);
  const [tabsHidden, setTabsHidden] = useState(false);
  const value = useMemo<PageChrome>(() => ({ subtitleSlot, actionsSlot, setFill, setTabsHidden }), [subtitleSlot, actionsSlot]);
  const state: PageChromeState = { fill, tabsHidden: fill && tabsHidden };
  return { state, value };
}

export function PageChromeProvider({ value, children }: { value: PageChrome; children: ReactNode }) {
  return <PageChromeContext.Provider value={value}>{children}</PageChromeContext.Provider>;
}

/** The header's slots, or nulls outside the layout (a page rendered alone, as in unit tests). */
export function useHeaderSlots(): { subtitle: HTMLElement | null; actions: HTMLElement | null } {
  const chrome = useContext(PageChromeContext);
  return { subtitle: chrome?.subtitleSlot ?? null, actions: chrome?.actionsSlot ?? null };
}

/** The calling page fills the screen while it is shown (see PageChromeState.fill). */
export function useFillScreen(): void {
  const setFill = useContext(PageChromeContext)?.setFill;
  useEffect(() => {
    if (!setFill) return;
    setFill(true);
    return () => setFill(false);
  }, [setFill]);
}

/** Tells the layout the page's text box has focus (true) or lost it (false). */
export function useTabsHiddenSetter(): (hidden: boolean) => void {
  const setTabsHidden = useContext(PageChromeContext)?.setTabsHidden;
  useEffect(() => () => setTabsHidden?.(false), [setTabsHidden]);
  return setTabsHidden ?? noop;
}

const noop = () => undefined;
