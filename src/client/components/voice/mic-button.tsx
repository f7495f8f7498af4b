import { useEffect, useRef } from 'react';
import { Mic } from 'lucide-react';
import type { Dictation } from '../../lib/speech';
import { cn } from '../../lib/cn';

/*
 * Dictation for any text box with value/onChange (the chat's message box, a drill's answer box):
 *
 *   const dictation = useDictation({ value, onChange });
 *   <MicButton dictation={dictation} />      beside the box (inside its form)
 *   <DictationStatus dictation={dictation} /> under it: "Listening…", or what went wrong
 *
 * Both render nothing where the browser has no speech recognition; the box works as before.
 */

export interface MicButtonProps {
  dictation: Dictation;
  /** A send is under way: the mic waits with it. */
  disabled?: boolean;
  className?: string;
}

/**
 * The mic: pressed while listening, pressed again to stop. It never starts by itself. Sending the
 * form it sits in stops it and drops words not yet delivered, so they cannot land in the box the
 * send has just emptied.
 */
export function MicButton({ dictation, disabled = false, className }: MicButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const { cancel, supported } = dictation;
  useEffect(() => {
    const form = button.current?.form;
    if (!form) return;
    form.addEventListener('submit', cancel);
    return () => form.removeEventListener('submit', cancel);
  }, [cancel, supported]);

  if (!supported) return null;
  const listening = dictation.state === 'listening';
  return (
    <button
      ref={button}
      type="button"
      aria-label="Dictate"
      aria-pressed={listening}
      title={listening ? 'Stop dictating' : 'Dictate instead of typing'}
      disabled={disabled && !listening}
      // Keeps the focus (and a phone's keyboard) in the box, as the Send button does.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => (listening ? dictation.stop() : dictation.start())}
      className={cn(
        'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-900 disabled:cursor-not-allowed disabled:opacity-50',
        listening ? 'border-red-700 bg-red-600 text-white ring-4 ring-red-200 hover:bg-red-700' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
        className,
      )}
    >
      <Mic className={cn('h-5 w-5', listening && 'animate-pulse')} aria-hidden />
    </button>
  );
}

/**
 * What the mic is doing, in words: "Listening…" with a Stop while it listens, what went wrong
 * after a failure. The screen reader's status region is always there (empty when idle, and out of
 * the layout), so "Listening…" is announced as it starts; an error is an alert. When idle it takes
 * no room: the chat's message area keeps every pixel (e2e/chat-phone.spec.ts).
 */
export function DictationStatus({ dictation, className }: { dictation: Dictation; className?: string }) {
  if (!dictation.supported) return null;
  const listening = dictation.state === 'listening';
  return (
    <>
      <p role="status" className="sr-only">
        {listening ? 'Listening…' : ''}
      </p>
      {listening && (
        <p data-testid="dictation-listening" className={cn('flex items-center gap-2 text-xs font-medium text-red-700', className)}>
          <span aria-hidden className="h-2 w-2 animate-pulse rounded-full bg-red-600" />
          {/* Hidden from screen readers: the status above has said it, and the pressed mic says it too. */}
          <span aria-hidden>Listening… speak your answer.</span>
          <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={dictation.stop} className="min-h-8 rounded px-2 font-semibold underline underline-offset-2 hover:bg-red-50">
            Stop dictating
          </button>
        </p>
      )}
      {dictation.state === 'error' && dictation.error && (
        <p role="alert" data-testid="dictation-error" className={cn('text-xs font-medium text-red-700', className)}>
          {dictation.error}
        </p>
      )}
    </>
  );
}
