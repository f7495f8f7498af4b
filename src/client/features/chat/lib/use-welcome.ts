import { useCallback, useEffect, useState } from 'react';
import { staticWelcome } from '../../../lib/static-welcome';
import { hasSeenChatWelcome, markChatWelcomeSeen } from './welcome-flag';

/**
 * Whether the chat's first-visit welcome is open, and how to close it (for good, in this browser).
 * On a first visit the server may have sent the welcome in the page already (ADR 0009): the app's
 * dialog then opens in its place, unless the rep closed that copy with its own buttons before the
 * app had loaded, or does so while the app's dialog is still loading. `allowed` false keeps it
 * closed for this visit (the server's copy is taken away) without marking it seen.
 */
export function useWelcome(allowed = true): { open: boolean; close: () => void } {
  // Not allowed (a drill's scene is waiting): it stays closed, not marked seen, so a later visit still welcomes.
  const [open, setOpen] = useState(() => allowed && !hasSeenChatWelcome() && staticWelcome()?.open !== false);
  const close = useCallback(() => {
    markChatWelcomeSeen();
    setOpen(false);
  }, []);
  useEffect(() => {
    const sent = staticWelcome();
    if (!sent) return;
    // The copy the server sent is outside React, and the rep may close it in the moment between
    // the first render and this effect, before the listener below is on: this reads it once here.
    // oxlint-disable-next-line react/set-state-in-effect -- syncing with that element, an external system
    if (!sent.open) close();
    if (!sent.open || !open) return sent.remove();
    const closedBeforeTheApp = () => {
      close();
      sent.remove();
    };
    sent.addEventListener('close', closedBeforeTheApp);
    return () => sent.removeEventListener('close', closedBeforeTheApp);
  }, [open, close]);
  return { open, close };
}
