import type { FormEvent } from 'react';
import { DECK_ANSWER_MAX } from '#shared/schemas/deck';
import { Button } from '../../../components/ui/button';
import { describedBy } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { DictationStatus, MicButton } from '../../../components/voice/mic-button';
import { useDictation } from '../../../lib/speech';

export interface DrillAnswerProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  busy?: boolean;
  /** Why the answer was refused, shown under the box it is about. */
  error?: string;
}

/**
 * The rep's answer to the buyer's line, typed or dictated (the mic shows only where the browser
 * can dictate; nothing is recorded, only the words land in the box).
 */
export function DrillAnswer({ value, onChange, onSubmit, busy = false, error }: DrillAnswerProps) {
  const dictation = useDictation({ value, onChange });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Your answer">
      <label htmlFor="drill-answer" className="block text-sm font-medium text-slate-800">
        What do you say back?
      </label>
      <Textarea
        id="drill-answer"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={DECK_ANSWER_MAX}
        rows={4}
        className="min-h-28"
        placeholder="Answer the buyer as you would on the call"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy('drill-answer', { error })}
      />
      {error && (
        <p id="drill-answer-error" role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <DictationStatus dictation={dictation} />
      <div className="flex items-center gap-2">
        <Button type="submit" disabled={busy} className="flex-1 sm:flex-none">
          {busy ? 'Scoring…' : 'Score my answer'}
        </Button>
        <MicButton dictation={dictation} disabled={busy} />
      </div>
    </form>
  );
}
