import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_RATINGS,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
  feedbackInputSchema,
  type FeedbackFormValues,
  type FeedbackInput,
} from '#shared/schemas/feedback';
import { FormAlert } from '../../../components/ui/form-alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { ApiRequestError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { useSendFeedback } from '../api/send-feedback';
import { useCurrentUser } from '../../../lib/api/current-user';

const FIELDS = ['type', 'category', 'subject', 'message', 'rating', 'email'] as const;
const DEFAULTS: FeedbackFormValues = { type: 'general', category: 'other', subject: '', message: '', rating: null, email: '' };

/** product §11's form: type, category, subject, message, an optional rating and an optional email. */
export function FeedbackForm({ onSent }: { onSent: () => void }) {
  const send = useSendFeedback();
  const { data: user } = useCurrentUser();
  const { register, handleSubmit, formState, setError, watch, setValue, reset } = useForm<FeedbackFormValues, unknown, FeedbackInput>({
    resolver: zodResolver(feedbackInputSchema),
    defaultValues: DEFAULTS,
  });
  const { errors } = formState;
  const rating = watch('rating');
  const messageLength = watch('message')?.length ?? 0;
  // A refusal about no one field, above the button, until the next try.
  const [failure, setFailure] = useState<string>();

  const onSubmit = (input: FeedbackInput) => {
    setFailure(undefined);
    send.mutate(input, {
      onSuccess: () => {
        reset(DEFAULTS);
        toast({ title: 'Feedback Submitted', description: "Thank you for your feedback! We'll review it and get back to you." });
        onSent();
      },
      onError: (err) => {
        if (applyServerErrors(err, FIELDS, setError)) return;
        // Too many in an hour: the server says when to try again; anything else is product §15.6's message.
        const description = err instanceof ApiRequestError && err.status === 429 ? err.message : 'Failed to submit feedback. Please try again.';
        setFailure(description);
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Feedback">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="feedback-type" label="Feedback type" error={errors.type?.message}>
          <Select id="feedback-type" defaultValue={DEFAULTS.type} aria-invalid={Boolean(errors.type)} aria-describedby={describedBy('feedback-type', { error: errors.type })} {...register('type')}>
            {FEEDBACK_TYPES.map((type) => (
              <option key={type} value={type}>
                {FEEDBACK_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="feedback-category" label="Category" error={errors.category?.message}>
          <Select id="feedback-category" defaultValue={DEFAULTS.category} aria-invalid={Boolean(errors.category)} aria-describedby={describedBy('feedback-category', { error: errors.category })} {...register('category')}>
            {FEEDBACK_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {FEEDBACK_CATEGORY_LABELS[category]}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <Field id="feedback-subject" label="Subject" error={errors.subject?.message}>
        <Input
          id="feedback-subject"
          placeholder="A short summary"
          aria-invalid={Boolean(errors.subject)}
          aria-describedby={describedBy('feedback-subject', { error: errors.subject })}
          {...register('subject')}
        />
      </Field>

      <Field id="feedback-message" label="Message" hint={`${messageLength}/${FEEDBACK_MESSAGE_MAX} characters; at least 20.`} error={errors.message?.message}>
        <Textarea
          id="feedback-message"
          rows={6}
          placeholder="Tell us what happened, or what you would like to see"
          aria-invalid={Boolean(errors.message)}
          aria-describedby={describedBy('feedback-message', { hint: true, error: errors.message })}
          {...register('message')}
        />
      </Field>

      <fieldset className="space-y-2" aria-describedby={errors.rating ? 'feedback-rating-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Overall rating (optional)</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {FEEDBACK_RATINGS.map(({ value, label }) => (
            <label
              key={value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-blue-900',
                rating === value ? 'border-blue-600 bg-blue-50 text-blue-900' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setValue('rating', value, { shouldDirty: true })}
                className="h-4 w-4 accent-blue-600"
              />
              {value} – {label}
            </label>
          ))}
          <label
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-blue-900',
              rating === null ? 'border-blue-600 bg-blue-50 text-blue-900' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
            )}
          >
            <input type="radio" name="rating" value="" checked={rating === null} onChange={() => setValue('rating', null, { shouldDirty: true })} className="h-4 w-4 accent-blue-600" />
            No rating
          </label>
        </div>
        {errors.rating?.message && (
          <p id="feedback-rating-error" role="alert" className="text-sm font-medium text-red-700">
            {errors.rating.message}
          </p>
        )}
      </fieldset>

      <Field id="feedback-email" label="Contact email (optional)" hint="Only if you would like us to reply." error={errors.email?.message}>
        <Input
          id="feedback-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={Boolean(errors.email)}
          aria-describedby={describedBy('feedback-email', { hint: true, error: errors.email })}
          {...register('email')}
        />
      </Field>

      <p className="text-sm text-slate-600" data-testid="feedback-sender">
        {user ? `Sent from your account, ${user.username}.` : 'You are not signed in: this feedback is sent without an account.'}
      </p>
      {failure && (
        <FormAlert id="feedback-form-error" title="Feedback not sent">
          {failure}
        </FormAlert>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending} aria-describedby={failure && 'feedback-form-error'}>
        {send.isPending ? 'Submitting…' : 'Submit Feedback'}
      </Button>
    </form>
  );
}
