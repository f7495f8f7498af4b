import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentToast } from '../lib/toast-store';

const loadToaster = () => import('./layout/toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * The toaster (Radix Toast, about 14 KB compressed with what it imports) stays out of the first
 * paint: its chunk is fetched once the page has loaded and the browser is idle, or at once when a
 * toast is raised before that. Until then nothing needs it: a toast waits in the toast store and
 * shows when the toaster mounts. Once mounted it stays, so a toast can play its closing animation.
 */
export function LazyToaster() {
  const message = useCurrentToast();
  const [needed, setNeeded] = useState(false);
  if (message && !needed) setNeeded(true);

  useEffect(() => {
    let idle: number | undefined;
    let timer: number | undefined;
    const fetchChunk = () => void loadToaster().catch(() => {});
    const preload = () => {
      // Safari has no requestIdleCallback; a short timeout is close enough there.
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(fetchChunk);
      else timer = window.setTimeout(fetchChunk, 200);
    };
    if (document.readyState === 'complete') preload();
    else window.addEventListener('load', preload, { once: true });
    return () => {
      window.removeEventListener('load', preload);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
