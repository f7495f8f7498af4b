import { useCallback, useEffect, useState } from 'react';
import { staticWelcome } from '../../../lib/static-welcome';
import { hasSeenChatWelcome, markChatWelcomeSeen } from './welcome-flag';

/**
 * Whether the chat's first-visit welcome is open, and how to close it (for good, in this browser).
 * On a first visit the server may have sent the welcome in the page already (ADR 0009): the app's
 * dialog then opens in its place, unless the rep closed that copy with its own buttons before the
 * app had loaded, or does so while the app's dialog is still loading.
 */
export function useWelcome(): { open: boolean; close: () => void } {
  const [open, setOpen] = useState(() => !hasSeenChatWelcome() && staticWelcome()?.open !== false);
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
