import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PhoneCall } from 'lucide-react';
import { CALL_RESULT_LABELS, CALL_RESULTS, callOutcomeInputSchema, OUTCOME_NOTE_MAX, type CallResult, type ReplyOutcome } from '#shared/schemas/progress';
import { ApiRequestError } from '../../lib/api-client';
import { useReplyOutcome, useSaveOutcome } from '../../lib/api/call-outcomes';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast-store';
import { Button } from '../ui/button';
import { describedBy } from '../ui/field';
import { Label } from '../ui/label';
import { Textarea } from '../ui/textarea';
import { RESULT_STYLE } from './result-style';

export interface OutcomeControlProps {
  /** The coaching reply the outcome belongs to. */
  messageId: number;
  /** Its outcome as read with the reply (the conversation, the progress page), if one was logged. */
  outcome: ReplyOutcome | null | undefined;
  /** The method the reply coached with, named in the chooser ("How did the call go with LAER?"). */
  method?: string;
  /** Show a logged note under the result (the progress page); the chat keeps to one line. */
  showNote?: boolean;
  className?: string;
}

type FieldErrors = Partial<Record<'result' | 'note', string>>;

/**
 * "Tried it? How did the call go?" under a coaching reply: a compact chooser (won, moved
 * forward, stalled, lost, and an optional note). Once logged it shows the result, which can be
 * changed or taken back. Every row is a 44 px target.
 */
export function OutcomeControl({ messageId, outcome: loaded, method, showNote = false, className }: OutcomeControlProps) {
  const outcome = useReplyOutcome(messageId, loaded);
  const save = useSaveOutcome();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<CallResult | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const id = useId();
  const about = method ? ` with ${method}` : '';
  const form = useRef<HTMLFormElement>(null);

  // Opened under the last reply, the chooser would reach below the message box: bring it into view.
  useEffect(() => {
    if (open) form.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);

  const start = () => {
    setResult(outcome?.result ?? null);
    setNote(outcome?.note ?? '');
    setErrors({});
    setOpen(true);
  };

  const fail = (err: unknown) => {
    const fields = err instanceof ApiRequestError ? err.body.errors : undefined;
    if (fields?.result?.[0] || fields?.note?.[0]) setErrors({ result: fields.result?.[0], note: fields.note?.[0] });
    else toast({ title: 'Not saved', description: errorMessage(err), variant: 'destructive' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own schema, so the form refuses exactly what the server would.
    const parsed = callOutcomeInputSchema.safeParse({ result: result ?? undefined, note });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'result' || field === 'note') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    save.mutate({ messageId, input: parsed.data }, { onSuccess: () => setOpen(false), onError: fail });
  };

  const remove = () => save.mutate({ messageId, input: null }, { onSuccess: () => setOpen(false), onError: fail });

  if (!open) {
    return (
      <div className={cn('max-w-[85%] text-sm', className)} data-testid="call-outcome">
        {outcome ? (
          <>
            <div className="flex min-h-11 items-center gap-2">
              <PhoneCall className={cn('h-4 w-4 shrink-0', RESULT_STYLE[outcome.result].text)} aria-hidden />
              <span className="text-slate-700">
                Your call: <strong className={RESULT_STYLE[outcome.result].text}>{CALL_RESULT_LABELS[outcome.result]}</strong>
              </span>
              <Button variant="ghost" size="md" className="px-2 text-blue-700" onClick={start} aria-label={`Change how the call went${method ? ` (${method})` : ''}`}>
                Change
              </Button>
            </div>
            {showNote && outcome.note && <p className="whitespace-pre-wrap break-words pb-1 pl-6 text-slate-600">“{outcome.note}”</p>}
          </>
        ) : (
          <Button variant="ghost" size="md" className="-ml-2 px-2 text-blue-700" onClick={start} aria-label={method ? `Tried it? How did the call go? (${method})` : undefined}>
            <PhoneCall className="h-4 w-4" aria-hidden />
            Tried it? How did the call go?
          </Button>
        )}
        <span role="status" className="sr-only">
          {outcome && !save.isPending ? `Logged: ${CALL_RESULT_LABELS[outcome.result]}` : ''}
        </span>
      </div>
    );
  }

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      data-testid="call-outcome-chooser"
      className={cn('w-full max-w-[85%] space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:max-w-md', className)}
    >
      <fieldset aria-describedby={errors.result ? `${id}-result-error` : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">How did the call go{about}?</legend>
        <div className="grid grid-cols-2 gap-2">
          {CALL_RESULTS.map((r) => (
            <label
              key={r}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border bg-white px-2 text-center text-sm font-medium text-slate-800',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-900',
                result === r ? RESULT_STYLE[r].chosen : 'border-slate-300 hover:bg-slate-100',
              )}
            >
              <input type="radio" name={`${id}-result`} value={r} checked={result === r} onChange={() => setResult(r)} className="sr-only" />
              {CALL_RESULT_LABELS[r]}
            </label>
          ))}
        </div>
        {errors.result && (
          <p id={`${id}-result-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
            {errors.result}
          </p>
        )}
      </fieldset>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-note`}>Note (optional)</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={OUTCOME_NOTE_MAX}
          rows={2}
          placeholder="What happened on the call?"
          className="min-h-16 text-sm"
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy(`${id}-note`, { error: errors.note })}
        />
        {errors.note && (
          <p id={`${id}-note-error`} role="alert" className="text-sm font-medium text-red-700">
            {errors.note}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={save.isPending}>
          Cancel
        </Button>
        {outcome && (
          <Button variant="ghost" className="ml-auto text-red-700 hover:bg-red-50" onClick={remove} disabled={save.isPending}>
            Remove
          </Button>
        )}
      </div>
    </form>
  );
}
