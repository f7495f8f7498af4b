import { useState, type FormEvent } from 'react';
import { PRACTICE_DID_IT, PRACTICE_DID_IT_LABELS, PRACTICE_NOTE_MAX, type PracticeBehaviour, type PracticeDidIt } from '#shared/schemas/practice';
import { CALL_RESULTS, CALL_RESULT_LABELS, type CallResult } from '#shared/schemas/progress';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/form-errors';
import { useCheckIn } from '../api/practice';

/**
 * The week-end check-in: did you do it on your calls, and how did they go (one of the four call
 * results, or a short note). The trainer's two questions are there to think about; what is sent
 * is what the next week's choice reads (product §9.4).
 */
export function CheckInForm({ behaviour }: { behaviour: PracticeBehaviour }) {
  const checkIn = useCheckIn();
  const [didIt, setDidIt] = useState<PracticeDidIt | null>(null);
  const [result, setResult] = useState<CallResult | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!didIt) {
      setMissing(true);
      return;
    }
    checkIn.mutate({ didIt, result, note: note.trim() || null });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby="check-in-heading" noValidate>
      <div className="space-y-1">
        <h2 id="check-in-heading" className="text-xl font-bold text-slate-900">
          Your week's check-in
        </h2>
        <p className="text-sm text-slate-600">Think back over the week:</p>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          {behaviour.checkInQuestions.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ol>
      </div>
      <fieldset className="space-y-2" aria-describedby={missing ? 'check-in-did-it-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">Did you do it on your calls?</legend>
        <div className="flex flex-wrap gap-2">
          {PRACTICE_DID_IT.map((value) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
              <input
                type="radio"
                name="didIt"
                value={value}
                checked={didIt === value}
                onChange={() => {
                  setDidIt(value);
                  setMissing(false);
                }}
              />
              {PRACTICE_DID_IT_LABELS[value]}
            </label>
          ))}
        </div>
        {missing && (
          <p id="check-in-did-it-error" className="text-sm text-red-700">
            Say whether you did it: yes, partly or no.
          </p>
        )}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">How did the calls go? (optional)</legend>
        <div className="grid grid-cols-2 gap-2">
          {CALL_RESULTS.map((value) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
              <input type="radio" name="result" value={value} checked={result === value} onChange={() => setResult(value)} />
              {CALL_RESULT_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-1">
        <Label htmlFor="check-in-note">A short note (optional)</Label>
        <Textarea id="check-in-note" className="min-h-20" maxLength={PRACTICE_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} placeholder="What worked, what got in the way" />
      </div>
      {checkIn.isError && (
        <FormAlert id="check-in-error" title="Not checked in">
          {errorMessage(checkIn.error)}
        </FormAlert>
      )}
      <Button type="submit" className="w-full sm:w-auto" disabled={checkIn.isPending} aria-describedby={checkIn.isError ? 'check-in-error' : undefined}>
        {checkIn.isPending ? 'Checking in…' : 'Check in and see next week'}
      </Button>
    </form>
  );
}
