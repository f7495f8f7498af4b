import { useLayoutEffect, useRef } from 'react';
import type { EscalationConversationMessage } from '#shared/schemas/escalations';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { CoachMarkdown } from '../../../lib/coach-markdown';
import { errorMessage } from '../../../lib/form-errors';
import { useEscalationConversation } from '../api/get-escalation-conversation';
import { formatWhen } from '../lib/format-when';
import { AdminQueryState } from './admin-query-state';

const AUTHOR: Record<EscalationConversationMessage['role'], string> = { user: 'Rep', assistant: 'Coach', team: 'Coaching team' };

const MARK_LABEL: Record<NonNullable<EscalationConversationMessage['mark']>, string> = {
  escalated_message: 'Escalated message',
  coach_attempt: "Coach's attempt",
};

/**
 * One message, as the rep saw it in the chat: their own words and the team's as text, the
 * coach's as Markdown through the chat's renderer.
 */
function ConversationMessage({ message: m, username }: { message: EscalationConversationMessage; username: string }) {
  const fromRep = m.role === 'user';
  return (
    <li className={cn('flex', fromRep ? 'justify-end' : 'justify-start')} data-testid="conversation-message" data-role={m.role} data-mark={m.mark}>
      <div
        className={cn(
          'max-w-[90%] min-w-0 rounded-2xl border px-3 py-2 text-slate-900',
          fromRep ? 'rounded-br-sm border-blue-200 bg-blue-50' : m.role === 'team' ? 'rounded-bl-sm border-amber-300 bg-amber-50' : 'rounded-bl-sm border-slate-200 bg-white',
          m.mark && 'ring-2 ring-amber-400',
        )}
      >
        <p className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          <span className="font-semibold text-slate-800">{fromRep ? `${AUTHOR.user} (${username})` : AUTHOR[m.role]}</span>
          <time dateTime={m.timestamp}>{formatWhen(m.timestamp)}</time>
          {m.mark && <Badge className="bg-amber-100 px-2 py-0.5 text-amber-900">{MARK_LABEL[m.mark]}</Badge>}
        </p>
        {m.role === 'assistant' ? <CoachMarkdown text={m.content} /> : <p className="text-sm break-words whitespace-pre-wrap">{m.content}</p>}
      </div>
    </li>
  );
}

/**
 * The conversation behind an escalation (issue #25), loaded when the admin opens it: oldest
 * first, scrolled to the newest at the bottom, in a box of its own so a long one does not push
 * the answer form off the screen.
 */
export function EscalationConversationView({ escalationId }: { escalationId: number }) {
  const conversation = useEscalationConversation(escalationId);
  const box = useRef<HTMLOListElement>(null);
  const messages = conversation.data?.messages;
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [messages]);

  return (
    <AdminQueryState
      query={conversation}
      layout="compact"
      error={`The conversation could not be loaded: ${errorMessage(conversation.error)}`}
      loading="Loading the conversation…"
    >
      {(data) =>
        data.messages.length === 0 ? (
          <p className="text-sm text-slate-600">This conversation is no longer stored.</p>
        ) : (
          <ol
            ref={box}
            // Scrollable, so it must be reachable from the keyboard.
            tabIndex={0}
            aria-label={`Conversation with ${data.user.username}, oldest first`}
            data-testid="conversation-log"
            className="max-h-[28rem] space-y-3 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {data.messages.map((m) => (
              <ConversationMessage key={m.id} message={m} username={data.user.username} />
            ))}
          </ol>
        )
      }
    </AdminQueryState>
  );
}
