import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (Radix Dialog and the dialog's own content, about 15 KB compressed with the
 * four of them) loads the first time it opens, not with the chat: most visits open none of them
 * (issue #13). Once loaded it stays mounted, so it closes with its usual animation and focus return.
 */
function deferredDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  const Loaded = lazy(preload);
  function DeferredDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    // Adjusting state while rendering (React's pattern for state derived from props): no extra commit.
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(DeferredDialog, { preload });
}

export const WelcomeDialog = deferredDialog(() => import('./welcome-dialog').then((m) => m.WelcomeDialog));
export const PastChatsDialog = deferredDialog(() => import('./past-chats-dialog').then((m) => m.PastChatsDialog));
export const PaymentRequiredDialog = deferredDialog(() => import('./payment-required-dialog').then((m) => m.PaymentRequiredDialog));
export const NewChatUnavailableDialog = deferredDialog(() => import('./new-chat-unavailable-dialog').then((m) => m.NewChatUnavailableDialog));
