import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentToast } from '../lib/toast-store';
import { whenIdleAfterLoad } from '../lib/when-idle-after-load';

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

  useEffect(() => whenIdleAfterLoad(() => void loadToaster().catch(() => {})), []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
