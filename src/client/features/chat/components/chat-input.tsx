import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { MESSAGE_COUNTER_FROM, MESSAGE_MAX } from '#shared/chat-limits';
import { Button } from '../../../components/ui/button';
import { DictationStatus, MicButton } from '../../../components/voice/mic-button';
import { useDictation } from '../../../lib/speech';

/** product §16: the box grows with its text up to this height, then scrolls. */
export const INPUT_MAX_HEIGHT_PX = 96;

export interface ChatInputProps {
  /** Sends the trimmed text; answers false when the message was not taken (the text then stays). */
  onSend: (text: string) => boolean;
  /** A send is under way: typing goes on, sending waits (product §7.2). */
  pending: boolean;
  /** The box gained (true) or lost (false) focus: on a phone the keyboard is up while it has it. */
  onFocusChange?: (focused: boolean) => void;
  /** Text the box opens with: a message the server refused because the session had ended (issue #25). */
  initialValue?: string;
}

const count = (n: number) => n.toLocaleString();

/**
 * The message box: Enter sends, Shift+Enter starts a new line. Near the limit it counts the
 * characters; past it, it says so and sends nothing. It never cuts the text itself (no
 * maxLength): a pasted story silently lost its end that way (issue #25).
 */
export function ChatInput({ onSend, pending, onFocusChange, initialValue = '' }: ChatInputProps) {
  const [value, setValue] = useState(initialValue);
  const box = useRef<HTMLTextAreaElement>(null);
  // Dictation where the browser has it (issue #27 item 4): its words go into the box like typing.
  const dictation = useDictation({ value, onChange: setValue });
  const length = value.trim().length;
  const over = length - MESSAGE_MAX;
  const canSend = !pending && length > 0 && over <= 0;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // Measure from the smallest height so the box also shrinks when text is deleted.
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, INPUT_MAX_HEIGHT_PX)}px`;
    el.style.overflowY = el.scrollHeight > INPUT_MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [value]);

  const submit = () => {
    const text = value.trim();
    if (!canSend) return;
    // The answer is going: the mic stops, and words still on their way are dropped, not put into the emptied box.
    dictation.cancel();
    if (onSend(text)) setValue('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an IME composition (Japanese, Chinese input) is not a send.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  return (
    <form onSubmit={onSubmit} className="flex shrink-0 flex-col gap-1 border-t border-slate-200 bg-white px-3 py-2 sm:px-4">
      <div className="flex items-end gap-2">
        <label htmlFor="chat-message" className="sr-only">
          Message
        </label>
        {/* 16px text on a phone: iOS Safari zooms the page into any smaller text box it focuses. */}
        <textarea
          id="chat-message"
          ref={box}
          rows={1}
          value={value}
          aria-invalid={over > 0 || undefined}
          aria-describedby={length >= MESSAGE_COUNTER_FROM ? 'chat-message-length' : undefined}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => onFocusChange?.(true)}
          onBlur={() => onFocusChange?.(false)}
          placeholder="Describe a sales situation..."
          style={{ maxHeight: INPUT_MAX_HEIGHT_PX }}
          className="min-h-11 flex-1 resize-none rounded-lg border border-slate-300 aria-invalid:border-red-600 bg-white px-3 py-2.5 text-base sm:text-sm text-slate-900 placeholder:text-slate-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
        />
        <MicButton dictation={dictation} />
        <Button
          type="submit"
          aria-label="Send message"
          disabled={!canSend}
          // Keeps the focus (and a phone's keyboard) in the box: a tap here must not first close the
          // keyboard and bring the tab bar back, which would move the button from under the finger.
          onMouseDown={(e) => e.preventDefault()}
          className="h-11 w-11 shrink-0 px-0"
        >
          <SendHorizontal className="h-5 w-5" aria-hidden />
        </Button>
      </div>
      <DictationStatus dictation={dictation} />
      {length >= MESSAGE_COUNTER_FROM && (
        <div id="chat-message-length" className="flex items-start justify-end gap-2 text-xs">
          {/* Said once as the limit is passed (an alert); the count beside it is not read out at each key. */}
          {over > 0 && (
            <p role="alert" className="min-w-0 flex-1 font-medium text-red-700">
              Messages can be at most {count(MESSAGE_MAX)} characters. Shorten yours to send it.
            </p>
          )}
          <span data-testid="message-length" className={over > 0 ? 'shrink-0 font-medium text-red-700' : 'shrink-0 text-slate-600'}>
            {count(length)} / {count(MESSAGE_MAX)}
          </span>
        </div>
      )}
    </form>
  );
}
