import { useEffect, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (Radix Dialog and the dialog's own content, about 15 KB compressed with the
 * four of them) loads the first time it opens, not with the chat: most visits open none of them
 * (issue #13). Once loaded it stays mounted, so it closes with its usual animation and focus return.
 *
 * Not React.lazy: a chunk that fails to load (offline, on a dialog not opened before) would make
 * lazy throw to the page's error boundary and replace the whole chat with a reload message, and
 * lazy keeps the failure for good. Here the dialog just does not show, and loads once back online.
 */
export function deferredDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };

  function DeferredDialog(props: P) {
    // A function in state is called as an initializer, so the component is kept wrapped.
    const [Loaded, setLoaded] = useState<{ component: ComponentType<P> } | undefined>(() => (loaded ? { component: loaded } : undefined));
    const [attempt, setAttempt] = useState(0);
    const { open } = props;
    useEffect(() => {
      if (!open || Loaded) return;
      let live = true;
      const retry = () => setAttempt((n) => n + 1);
      preload().then(
        (component) => live && setLoaded({ component }),
        () => live && window.addEventListener('online', retry, { once: true }),
      );
      return () => {
        live = false;
        window.removeEventListener('online', retry);
      };
    }, [open, Loaded, attempt]);
    if (!Loaded) return null;
    return <Loaded.component {...props} />;
  }
  return Object.assign(DeferredDialog, { preload });
}

export const WelcomeDialog = deferredDialog(() => import('./welcome-dialog').then((m) => m.WelcomeDialog));
export const PastChatsDialog = deferredDialog(() => import('./past-chats-dialog').then((m) => m.PastChatsDialog));
export const PaymentRequiredDialog = deferredDialog(() => import('./payment-required-dialog').then((m) => m.PaymentRequiredDialog));
export const NewChatUnavailableDialog = deferredDialog(() => import('./new-chat-unavailable-dialog').then((m) => m.NewChatUnavailableDialog));

/**
 * The dialogs a rep may open while writing, loaded when the message box first gets focus (and
 * the browser is online): after the page's load, so they cost it nothing, and before they are
 * needed, so they open at once and are in the browser's cache should the connection go.
 */
export function preloadChatDialogs(): void {
  for (const dialog of [PastChatsDialog, PaymentRequiredDialog, NewChatUnavailableDialog]) void dialog.preload().catch(() => undefined);
}
