import { Link } from 'wouter';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { resetNote } from '../lib/chat-status';
import type { FreeChatUsedProps } from './free-chat-used';

/**
 * New Chat for a free user whose week's chat is spent: said before anything is typed, instead
 * of an empty conversation that would refuse its first message.
 */
export function NewChatUnavailableDialog({ open, onOpenChange, ...props }: FreeChatUsedProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Your free chat this week is used" description={`${resetNote(props.daysUntilReset, props.windowDays)}.`}>
      <div className="flex flex-col gap-2">
        {props.onOpenWeekChat && <Button onClick={props.onOpenWeekChat}>Continue this week’s chat</Button>}
        <Link href="/upgrade" className={buttonClasses(props.onOpenWeekChat ? 'secondary' : 'primary')}>
          Upgrade for unlimited coaching
        </Link>
      </div>
    </Dialog>
  );
}
