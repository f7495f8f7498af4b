import { History, SquarePen } from 'lucide-react';
import type { ChatStatus } from '../../../../shared/schemas/chat';
import { Logo } from '../../../components/logo';
import { Button } from '../../../components/ui/button';
import { chatSubtitle } from '../lib/chat-status';

export interface ChatHeaderProps {
  status: ChatStatus | undefined;
  /** Hidden on the upgrade screen, where a new conversation could not be used. */
  showNewChat: boolean;
  /** A send or a new conversation is under way: switching now would lose track of the reply. */
  busy: boolean;
  onNewChat: () => void;
  onPastChats: () => void;
}

/** Under the app's header bar: logo, what the user has left, and the conversation controls. */
export function ChatHeader({ status, showNewChat, busy, onNewChat, onPastChats }: ChatHeaderProps) {
  return (
    <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
      <Logo className="h-9 w-9 shrink-0" />
      <p data-testid="chat-subtitle" className="min-w-0 flex-1 text-sm leading-tight text-slate-600">
        {status ? chatSubtitle(status) : '\u00a0'}
      </p>
      <Button variant="ghost" size="sm" onClick={onPastChats} disabled={busy} className="shrink-0 px-2 sm:px-3">
        <History className="h-4 w-4" aria-hidden />
        {/* Icon only on a phone, so the subtitle keeps room to be read; the name stays for screen readers. */}
        <span className="sr-only sm:not-sr-only">Past chats</span>
      </Button>
      {showNewChat && (
        <Button variant="secondary" size="sm" onClick={onNewChat} disabled={busy} className="shrink-0">
          <SquarePen className="h-4 w-4" aria-hidden />
          New Chat
        </Button>
      )}
    </div>
  );
}
