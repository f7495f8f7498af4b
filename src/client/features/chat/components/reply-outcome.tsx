import { useEffect, useState, type ComponentType } from 'react';
import type { ChatMessage } from '#shared/schemas/chat';
import type { OutcomeControlProps } from '../../../components/call-outcome/outcome-control';
import { whenIdleAfterLoad } from '../../../lib/when-idle-after-load';
import { isUnsaved } from '../api/stream-message';

/*
 * The "Tried it? How did the call go?" control under a coaching reply (issue #15). Its code (the
 * chooser, the outcome schema, the mutation) loads as a chunk of its own once the page has loaded
 * and the browser is idle, never with the chat: the chat's chunk carries only this loader.
 */
let loaded: ComponentType<OutcomeControlProps> | undefined;
let loading: Promise<ComponentType<OutcomeControlProps>> | undefined;
const load = () =>
  (loading ??= import('../../../components/call-outcome/outcome-control').then(
    (m) => (loaded = m.OutcomeControl),
    (err: unknown) => {
      // Offline on a first visit: try again when the connection is back, not never.
      loading = undefined;
      throw err;
    },
  ));

/**
 * Under a stored coaching reply that names a method; nothing under any other message, role-play
 * turns included (the server marks them: the buyer's lines and the scene's feedback are practice)
 * and replies to questions the coach cannot advise on (marked `notCoaching`).
 */
export function ReplyOutcome({ message }: { message: ChatMessage }) {
  const method = message.coaching?.method;
  const eligible = message.role === 'assistant' && Boolean(method) && !message.coaching?.rolePlay && !message.coaching?.notCoaching && !isUnsaved(message);
  // A function in state is called as an initializer, so the component is kept wrapped.
  const [Control, setControl] = useState<{ component: ComponentType<OutcomeControlProps> } | undefined>(() => (loaded ? { component: loaded } : undefined));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!eligible || Control) return;
    let live = true;
    const retry = () => setAttempt((n) => n + 1);
    const cancel = whenIdleAfterLoad(() => {
      load().then(
        (component) => live && setControl({ component }),
        () => live && window.addEventListener('online', retry, { once: true }),
      );
    });
    return () => {
      live = false;
      cancel();
      window.removeEventListener('online', retry);
    };
  }, [eligible, Control, attempt]);

  if (!eligible) return null;
  // The control's own height, held until it arrives, so the conversation does not move when it does.
  if (!Control) return <div className="h-11" aria-hidden />;
  return <Control.component messageId={message.id} outcome={message.outcome} method={method} />;
}
