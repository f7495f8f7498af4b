import { Users } from 'lucide-react';
import type { ChatMessage } from '#shared/schemas/chat';
import { cn } from '../../../lib/cn';
import { CoachMarkdown } from '../../../lib/coach-markdown';
import { ReplyOutcome } from './reply-outcome';

/** The user's own words: plain text with their line breaks, never parsed as anything. */
export function UserBubble({ text, sending = false, failed = false }: { text: string; sending?: boolean; failed?: boolean }) {
  return (
    <div className="flex justify-end">
      <div
        data-testid={failed ? 'unsent-message' : 'user-message'}
        className={cn(
          'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm px-4 py-2 text-sm',
          failed ? 'border border-dashed border-red-400 bg-white text-slate-900' : 'bg-blue-600 text-white',
          sending && 'opacity-70',
        )}
      >
        {text}
      </div>
    </div>
  );
}

/**
 * A coach reply (Markdown) with the named method it coaches with, when there is one. The
 * built-in engine already writes 'Method: …' into its text; the caption is for engines that do not.
 */
export function CoachBubble({ text, method }: { text: string; method?: string }) {
  const caption = method && !text.includes(`Method: ${method}`) ? method : null;
  return (
    <div className="flex justify-start">
      <div data-testid="coach-message" className="max-w-[85%] rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-2 text-slate-900 shadow-sm">
        <CoachMarkdown text={text} />
        {caption && (
          <p data-testid="coaching-method" className="mt-2 text-xs font-medium text-slate-500">
            Method: {caption}
          </p>
        )}
      </div>
    </div>
  );
}

/** A reply from a person on the coaching team (product §8.4): on the coach's side, labelled as a person. */
export function TeamBubble({ text }: { text: string }) {
  return (
    <div className="flex justify-start">
      <div data-testid="team-message" className="max-w-[85%] rounded-2xl rounded-bl-sm border border-amber-300 bg-amber-50 px-4 py-2 text-slate-900 shadow-sm">
        <p className="mb-1 flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-amber-800">
          <Users className="h-3.5 w-3.5" aria-hidden />
          Coaching team
        </p>
        <p className="whitespace-pre-wrap break-words text-sm">{text}</p>
      </div>
    </div>
  );
}

export function MessageBubble({ message }: { message: ChatMessage }) {
  if (message.role === 'user') return <UserBubble text={message.content} />;
  if (message.role === 'team') return <TeamBubble text={message.content} />;
  return (
    <>
      <CoachBubble text={message.content} method={message.coaching?.method} />
      <ReplyOutcome message={message} />
    </>
  );
}

/** Three bouncing dots while the coach has not written anything yet. */
export function TypingIndicator() {
  return (
    <div className="flex justify-start">
      <div role="status" aria-label="Coach is typing" className="flex items-center gap-1 rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 shadow-sm">
        {[0, 150, 300].map((delay) => (
          <span key={delay} aria-hidden className="h-2 w-2 animate-bounce rounded-full bg-slate-400" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </div>
    </div>
  );
}
