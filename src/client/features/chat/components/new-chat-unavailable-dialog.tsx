import { Link } from 'wouter';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { openFreeChat, plural, type FreeAllowanceFacts } from '../../../lib/plan-status';
import { resetNote } from '../lib/chat-status';
import type { FreeChatUsedProps } from './free-chat-used';

export interface NewChatUnavailableProps extends FreeChatUsedProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  status: FreeAllowanceFacts;
}

/**
 * New Chat for a free user whose week's chat is taken: said before anything is typed, instead
 * of an empty conversation that would refuse its first message. While that conversation can
 * still be written in, the dialog says so first, and leads back to it (issue #25: the rep read
 * "used" as being shut out after one message); the upgrade comes second.
 */
export function NewChatUnavailableDialog({ open, onOpenChange, status, ...props }: NewChatUnavailableProps) {
  const week = openFreeChat(status);
  const upgrade = (
    <Link href="/upgrade" className={buttonClasses(props.onOpenWeekChat ? 'secondary' : 'primary')}>
      Upgrade for unlimited coaching
    </Link>
  );
  if (week) {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="This week’s free chat is still open"
        description={`Your current conversation stays open until ${week.until} (${plural(week.messagesLeft, 'message')} left). A new conversation needs an upgrade; your next free chat starts ${week.until}.`}
      >
        <div className="flex flex-col gap-2">
          {props.onOpenWeekChat && <Button onClick={props.onOpenWeekChat}>Back to this week’s chat</Button>}
          {upgrade}
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Your free chat this week is used" description={`${resetNote(props.daysUntilReset, props.windowDays)}.`}>
      <div className="flex flex-col gap-2">
        {props.onOpenWeekChat && <Button onClick={props.onOpenWeekChat}>Continue this week’s chat</Button>}
        {upgrade}
      </div>
    </Dialog>
  );
}
