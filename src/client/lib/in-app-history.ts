/**
 * How many of this tab's history entries before the current one are pages of this app, so a
 * page's Back can step back through history (to wherever the visitor came from) when there is a
 * page to step back to, and follow the route table's back map when the page was opened directly
 * (issue #25). Each entry carries its depth in `history.state`, so a reload or Back/Forward
 * knows it again. wouter announces its navigations as `pushState` and `replaceState` events.
 */
const DEPTH_KEY = 'salesCoachDepth';

function depthOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const depth = (state as Record<string, unknown>)[DEPTH_KEY];
  return typeof depth === 'number' ? depth : null;
}

let depth = 0;
let marking = false;

function mark(): void {
  marking = true;
  try {
    const state: unknown = history.state;
    history.replaceState({ ...(typeof state === 'object' && state !== null ? state : {}), [DEPTH_KEY]: depth }, '');
  } finally {
    marking = false;
  }
}

if (typeof window !== 'undefined') {
  depth = depthOf(history.state) ?? 0;
  mark();
  window.addEventListener('pushState', () => {
    depth += 1;
    mark();
  });
  window.addEventListener('replaceState', () => {
    // A replace keeps the entry's place (and our own marking is not a navigation).
    if (!marking) mark();
  });
  window.addEventListener('popstate', () => {
    depth = depthOf(history.state) ?? 0;
  });
}

/** There is a page of this app to go back to. */
export const canGoBackInApp = (): boolean => depth > 0;
