import { useState } from 'react';
import { REPLY_CONTENT_MAX, replyInputSchema } from '#shared/schemas/community';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';

/**
 * A reply's text box, for a new reply and for an author's edit. Checked with the server's schema
 * before sending; a refusal that names the field shows under it, anything else under it too.
 */
export function ReplyForm({
  id,
  label,
  submitLabel,
  initial = '',
  pending,
  onSubmit,
  onCancel,
}: {
  id: string;
  label: string;
  submitLabel: string;
  initial?: string;
  pending: boolean;
  /** Resolves once stored (the box empties), rejects with the server's refusal. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const send = async () => {
    const parsed = replyInputSchema.safeParse({ content });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      await onSubmit(parsed.data.content);
      setContent('');
    } catch (err) {
      setError(err instanceof ApiRequestError ? (err.body.errors?.content?.[0] ?? err.message) : errorMessage(err));
    }
  };
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Field id={id} label={label} error={error}>
        <Textarea
          id={id}
          rows={3}
          value={content}
          maxLength={REPLY_CONTENT_MAX + 20}
          onChange={(e) => setContent(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, { error })}
          className="min-h-24"
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
