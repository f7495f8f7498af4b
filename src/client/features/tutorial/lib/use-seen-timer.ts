import { useEffect, useRef } from 'react';
import { TUTORIAL_SEEN_AFTER_MS } from '#shared/schemas/tutorial';
import { useMarkTutorialSeen } from '../api/mark-tutorial-seen';

/**
 * Marks the tutorial as seen once the demo has been on screen for TUTORIAL_SEEN_AFTER_MS
 * (product §16, §6.4). The clock starts when `ready` turns true; leaving the page stops it.
 */
export function useSeenTimer(ready: boolean, alreadySeen: boolean): void {
  const { mutate } = useMarkTutorialSeen();
  // At most one request per visit, even if the video reloads or the effect re-runs.
  const sent = useRef(false);

  useEffect(() => {
    if (!ready || alreadySeen || sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = true;
      // Nothing on screen depends on the flag, so a failure is not worth interrupting the user.
      mutate(undefined, { onError: () => undefined });
    }, TUTORIAL_SEEN_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [ready, alreadySeen, mutate]);
}
