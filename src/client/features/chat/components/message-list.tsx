import { useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '../../../../shared/schemas/chat';
import { isUnsaved } from '../api/stream-message';
import { MessageBubble, TypingIndicator } from './message-bubble';
import { OptionChips } from './option-chips';

/** How close to the bottom (px) still counts as "reading the newest message". */
const STICK_THRESHOLD_PX = 80;

export interface MessageListProps {
  /** Stored messages, then any not stored yet (see isUnsaved): the one being sent, the reply being written. */
  messages: ChatMessage[];
  /** Waiting for the coach: the dots show until the first words of the reply arrive. */
  awaitingReply: boolean;
  /** While a send is under way the options are shown but cannot be chosen. */
  busy: boolean;
  onChoose: (option: string) => void;
}

/** The conversation: scrolls on its own and follows the newest message. */
export function MessageList({ messages, awaitingReply, busy, onChoose }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const seenCount = useRef(0);

  const last = messages.at(-1);
  const writing = last?.role === 'assistant' && isUnsaved(last);
  const typing = awaitingReply && !writing;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // A new message always brings the view down; streamed text only while the user has not
    // scrolled up to read something earlier.
    const added = messages.length !== seenCount.current;
    seenCount.current = messages.length;
    if (added || stick.current) {
      el.scrollTop = el.scrollHeight;
      stick.current = true;
    }
  }, [messages, typing]);

  // Options answer the coach's latest question only; older ones would send stale answers.
  const options = last?.role === 'assistant' && !isUnsaved(last) && !awaitingReply ? (last.options ?? []) : [];

  return (
    <div
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD_PX;
      }}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4"
    >
      {messages.length === 0 && !typing ? (
        <p className="mt-12 text-center text-sm text-slate-500">Start a conversation with your AI sales coach!</p>
      ) : (
        <div role="log" aria-label="Conversation" className="space-y-3">
          {messages.map((m) =>
            m.role === 'assistant' && isUnsaved(m) ? (
              // Hidden from screen readers while it grows; the stored reply that replaces it is read once.
              <div key={`draft-${m.id}`} aria-hidden>
                <MessageBubble message={m} />
              </div>
            ) : (
              <MessageBubble key={`${m.role}-${m.id}`} message={m} />
            ),
          )}
          {options.length > 0 && <OptionChips options={options} disabled={busy} onChoose={onChoose} />}
          {typing && <TypingIndicator />}
        </div>
      )}
    </div>
  );
}
