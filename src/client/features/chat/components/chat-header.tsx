import type { ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter';
import { ChartNoAxesColumn, History, SquarePen } from 'lucide-react';
import type { ChatStatus } from '#shared/schemas/chat';
import { Logo } from '../../../components/logo';
import { useHeaderSlots } from '../../../lib/page-chrome';
import { chatSubtitle, chatSubtitleShort } from '../lib/chat-status';

export interface ChatHeaderProps {
  status: ChatStatus | undefined;
  /** Hidden on the upgrade screen, where a new conversation could not be used. */
  showNewChat: boolean;
  /** A send or a new conversation is under way: switching now would lose track of the reply. */
  busy: boolean;
  onNewChat: () => void;
  onPastChats: () => void;
}

/** A 44 px control with its name written under the icon, so it is both a fair target and read at a glance. */
function HeaderAction({ label, icon: Icon, onClick, disabled }: { label: string; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; onClick: () => void; disabled: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="inline-flex h-11 min-w-11 flex-col items-center justify-center gap-0.5 rounded-lg px-1.5 text-[11px] font-medium leading-none text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50"
    >
      <Icon className="h-5 w-5" aria-hidden />
      {label}
    </button>
  );
}

/**
 * What the user has left and the conversation controls. Inside the app they sit in the app's
 * header bar (under the title, and at its end), so the chat spends no bar of its own; rendered
 * alone, they make a bar here.
 */
export function ChatHeader({ status, showNewChat, busy, onNewChat, onPastChats }: ChatHeaderProps) {
  const slots = useHeaderSlots();
  // Two lines at most: product §3.4's "1 free chat remaining this week" is wider than the room beside
  // three controls on a 390 px phone, and cut short it would hide what the rep has left.
  const short = status ? chatSubtitleShort(status) : null;
  const subtitle = (
    <p data-testid="chat-subtitle" className="line-clamp-2 text-xs leading-tight text-slate-600">
      {short !== null && <span className="sm:hidden">{short}</span>}
      <span className={short !== null ? 'max-sm:hidden' : undefined}>{status ? chatSubtitle(status) : '\u00a0'}</span>
    </p>
  );
  const actions = (
    <>
      {/* Narrower than its neighbours (tight letters, no side padding), so "Unlimited coaching sessions" still fits beside three controls at 390 px. */}
      <Link href="/progress" className="inline-flex h-11 min-w-11 flex-col items-center justify-center gap-0.5 rounded-lg px-0 text-[11px] font-medium leading-none tracking-tight text-slate-700 hover:bg-slate-100">
        <ChartNoAxesColumn className="h-5 w-5" aria-hidden />
        Progress
      </Link>
      <HeaderAction label="Past chats" icon={History} onClick={onPastChats} disabled={busy} />
      {showNewChat && <HeaderAction label="New Chat" icon={SquarePen} onClick={onNewChat} disabled={busy} />}
    </>
  );
  // The chat is a rep's home, so its bar carries the product's mark (issue #25). Decorative: the
  // title beside it names the page. It goes into the header's row itself, first in line (the chat
  // has no Back), because the layout offers no leading slot and adding one would cost the first chunk.
  // Not on a phone: there the bar holds the title, the plan's line, three controls and, before
  // onboarding is finished, Back; even a 24 px mark cut "AI Sales Coach" and its subtitle short.
  const logo = <Logo className="order-first ml-2 hidden h-8 w-8 shrink-0 rounded-lg sm:block" />;
  const row = slots.actions?.parentElement;
  if (slots.subtitle && slots.actions && row) {
    return (
      <>
        {createPortal(logo, row)}
        {createPortal(subtitle, slots.subtitle)}
        {createPortal(actions, slots.actions)}
      </>
    );
  }
  return (
    <div className="flex shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-4 py-1">
      {logo}
      <div className="min-w-0 flex-1">{subtitle}</div>
      {actions}
    </div>
  );
}
