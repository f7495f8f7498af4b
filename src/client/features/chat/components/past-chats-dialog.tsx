import type { ConversationSummary } from '#shared/schemas/chat';
import { Dialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/query-state';
import { cn } from '../../../lib/cn';
import { useConversations } from '../api/get-conversations';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

export interface PastChatsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentSessionId: string | null;
  onChoose: (sessionId: string) => void;
}

/** The user's conversations, newest first; choosing one reopens it. */
export function PastChatsDialog({ open, onOpenChange, currentSessionId, onChoose }: PastChatsDialogProps) {
  // Fetched while the dialog is open, so it lists what the user wrote a moment ago.
  const conversations = useConversations(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Past chats" description="Pick a conversation to continue it.">
      <QueryState query={conversations} layout="compact" error="Your conversations could not be loaded.">
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-slate-500">No conversations yet.</p>
          ) : (
            <ul className="-mx-2 max-h-[60vh] space-y-1 overflow-y-auto">
              {list.map((c) => (
                <li key={c.sessionId}>
                  <ConversationButton conversation={c} current={c.sessionId === currentSessionId} onChoose={onChoose} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Dialog>
  );
}

function ConversationButton({ conversation, current, onChoose }: { conversation: ConversationSummary; current: boolean; onChoose: (id: string) => void }) {
  const count = conversation.messageCount;
  return (
    <button
      type="button"
      aria-current={current ? 'true' : undefined}
      onClick={() => onChoose(conversation.sessionId)}
      className={cn('w-full rounded-lg px-3 py-2 text-left hover:bg-slate-100', current && 'bg-blue-50 hover:bg-blue-100')}
    >
      <span className="block truncate text-sm font-medium text-slate-900">{conversation.title || 'Untitled conversation'}</span>
      <span className="block text-xs text-slate-500">
        {formatWhen(conversation.updatedAt)} · {count} {count === 1 ? 'message' : 'messages'}
      </span>
    </button>
  );
}
