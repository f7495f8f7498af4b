import { Link } from 'wouter';
import { Button, buttonClasses } from '../../../components/ui/button';
import { resetNote } from '../lib/chat-status';

export interface FreeChatUsedProps {
  daysUntilReset: number | null;
  windowDays: number;
  /** Opens the conversation the week's free chat went to; absent when it is the one on screen or there is none. */
  onOpenWeekChat?: () => void;
}

/**
 * In place of the message box, in a conversation a free user can no longer write in (not the
 * one this week's chat went to): why, when that changes, and the way to the one that is open.
 */
export function ConversationClosedNotice(props: FreeChatUsedProps) {
  return (
    <div data-testid="conversation-closed" className="flex shrink-0 flex-wrap items-center gap-2 border-t border-slate-200 bg-slate-50 px-4 py-2">
      <p className="min-w-0 flex-1 text-xs text-slate-700 sm:text-sm">
        This conversation is closed on the free plan. {resetNote(props.daysUntilReset, props.windowDays)}.
      </p>
      <div className="flex shrink-0 gap-2">
        {props.onOpenWeekChat && (
          <Button size="sm" className="h-11" onClick={props.onOpenWeekChat}>
            Open this week’s chat
          </Button>
        )}
        <Link href="/upgrade" className={buttonClasses('secondary', 'sm', 'h-11')}>
          Upgrade
        </Link>
      </div>
    </div>
  );
}
