import { useLayoutEffect, useRef } from 'react';
import { RotateCw } from 'lucide-react';
import type { ChatMessage } from '#shared/schemas/chat';
import { SpeakButton } from '../../../components/voice/speak-button';
import { isUnsaved, type UnsentMessage } from '../api/stream-message';
import { buyerLines, spokenText } from '../lib/buyer-lines';
import { useReadBuyerAloud } from '../lib/read-aloud';
import { MessageBubble, TypingIndicator, UserBubble } from './message-bubble';
import { OptionChips } from './option-chips';

/** How close to the bottom (px) still counts as "reading the newest message". */
const STICK_THRESHOLD_PX = 80;
/** Room left above a reply's first line when it is brought to the top of the view. */
const REPLY_TOP_MARGIN_PX = 12;

export interface MessageListProps {
  /** Stored messages, then any not stored yet (see isUnsaved): the one being sent, the reply being written. */
  messages: ChatMessage[];
  /** Waiting for the coach: the dots show until the first words of the reply arrive. */
  awaitingReply: boolean;
  /** While a send is under way the options are shown but cannot be chosen. */
  busy: boolean;
  onChoose: (option: string) => void;
  /** A message whose send failed, shown marked with a retry. */
  unsent: UnsentMessage | null;
  onRetry: () => void;
  onDiscard: () => void;
  /** "Read the buyer's lines aloud" is on: each buyer line that arrives is spoken. */
  readAloud?: boolean;
}

/** "The wife" → "the wife's": the Speak button's name says whose line it reads. */
function possessive(who: string): string {
  const lower = who.replace(/^The /, 'the ');
  return lower.endsWith('s') ? `${lower}'` : `${lower}'s`;
}

/** The mark under a message that did not go through: tap to send it again, or let it go. */
function UnsentMark({ reason, busy, stored, onRetry, onDiscard }: { reason: string; busy: boolean; stored: boolean; onRetry: () => void; onDiscard: () => void }) {
  return (
    <div data-testid="unsent-mark" className="flex flex-col items-end gap-1">
      <p className="max-w-[85%] text-right text-xs text-red-700">{reason}</p>
      <div className="flex items-center gap-1">
        {!stored && (
          <button type="button" onClick={onDiscard} disabled={busy} className="h-11 rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 disabled:opacity-50">
            Discard
          </button>
        )}
        <button
          type="button"
          onClick={onRetry}
          disabled={busy}
          className="inline-flex h-11 items-center gap-1.5 rounded-lg border border-red-300 bg-red-50 px-3 text-sm font-medium text-red-800 hover:bg-red-100 disabled:opacity-50"
        >
          <RotateCw className="h-4 w-4" aria-hidden />
          {stored ? 'No reply yet — tap to retry' : 'Not sent — tap to retry'}
        </button>
      </div>
    </div>
  );
}

/**
 * The conversation, scrolling on its own. A message the rep sends brings the view to the bottom;
 * a reply is brought into view from its first line, and while it streams in the view follows it
 * only until that first line reaches the top, so the rep reads it from the start.
 */
export function MessageList({ messages, awaitingReply, busy, onChoose, unsent, onRetry, onDiscard, readAloud = false }: MessageListProps) {
  useReadBuyerAloud(messages, readAloud);
  const scroller = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const seenCount = useRef(0);
  // Where this component last put the view: a scroll event at that spot is its own, not the rep's.
  const placed = useRef(-1);

  const last = messages.at(-1);
  const writing = last?.role === 'assistant' && isUnsaved(last);
  const typing = awaitingReply && !writing;
  const unsentStored = unsent !== null && messages.some((m) => m.role === 'user' && m.clientId === unsent.clientId);
  const unsentAtEnd = unsent !== null && !unsentStored;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const added = messages.length !== seenCount.current;
    seenCount.current = messages.length;
    if (!added && !follow.current && !unsentAtEnd) return;
    follow.current = true;
    const bottom = el.scrollHeight - el.clientHeight;
    let target = bottom;
    if (last && last.role !== 'user' && !typing && !unsentAtEnd) {
      const reply = el.querySelector<HTMLElement>('[data-latest-reply]');
      if (reply) target = Math.min(bottom, Math.max(0, reply.offsetTop - REPLY_TOP_MARGIN_PX));
    }
    el.scrollTop = target;
    placed.current = el.scrollTop;
  }, [messages, typing, last, unsentAtEnd]);

  // Options answer the coach's latest question only; older ones would send stale answers. A
  // message waiting for its retry is already the rep's answer, so none are offered then.
  const options = last?.role === 'assistant' && !isUnsaved(last) && !awaitingReply && !unsent ? (last.options ?? []) : [];
  const lastIndex = messages.length - 1;

  return (
    <div
      ref={scroller}
      data-testid="message-area"
      onScroll={(e) => {
        const el = e.currentTarget;
        if (Math.abs(el.scrollTop - placed.current) <= 2) return;
        // The rep scrolled: keep following only if they came back down to the newest message.
        follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD_PX;
      }}
      className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4"
    >
      {messages.length === 0 && !typing && !unsent ? (
        <p className="mt-12 text-center text-sm text-slate-500">Start a conversation with your AI sales coach!</p>
      ) : (
        <div role="log" aria-label="Conversation" className="space-y-3">
          {messages.map((m, i) => {
            const latestReply = i === lastIndex && m.role !== 'user' ? { 'data-latest-reply': '' } : {};
            if (m.role === 'assistant' && isUnsaved(m)) {
              // Hidden from screen readers while it grows; the stored reply that replaces it is read once.
              return (
                <div key={`draft-${m.id}`} aria-hidden {...latestReply}>
                  <MessageBubble message={m} />
                </div>
              );
            }
            const marked = unsent !== null && m.role === 'user' && m.clientId === unsent.clientId;
            const lines = buyerLines(m);
            return (
              <div key={`${m.role}-${m.id}`} className="space-y-1" {...latestReply}>
                <MessageBubble message={m} />
                {lines.length > 0 && <SpeakButton text={spokenText(lines)} label={`Speak ${possessive(lines[0]?.who ?? 'the buyer')} line`} className="-mt-1" />}
                {marked && <UnsentMark reason={unsent.reason} busy={busy} stored onRetry={onRetry} onDiscard={onDiscard} />}
              </div>
            );
          })}
          {unsentAtEnd && (
            <div className="space-y-1">
              <UserBubble text={unsent.content} failed />
              <UnsentMark reason={unsent.reason} busy={busy} stored={false} onRetry={onRetry} onDiscard={onDiscard} />
            </div>
          )}
          {options.length > 0 && <OptionChips options={options} disabled={busy} onChoose={onChoose} />}
          {typing && <TypingIndicator />}
        </div>
      )}
    </div>
  );
}
