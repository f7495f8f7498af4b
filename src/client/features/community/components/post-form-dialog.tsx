import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMMUNITY_CATEGORIES,
  FILL_ALL_FIELDS,
  POST_CONTENT_MAX,
  postInputSchema,
  TITLE_MAX,
  type CommunityCategoryId,
  type PostInput,
} from '#shared/schemas/community';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';

const EMPTY = { title: '', content: '', category: '' as CommunityCategoryId };
const FIELDS = ['title', 'content', 'category'] as const;

/**
 * product §9.2's New Post dialog, and the same form for an author's edit: title, category and content,
 * all required ('Please fill all fields'), checked by the schema the server checks with. Every
 * refusal is shown in the dialog, by the field it is about or above the submit button, never in a
 * toast: a toast goes away, and on a phone it would sit far from the field (issue #25).
 */
export function PostFormDialog({
  open,
  onOpenChange,
  heading,
  submitLabel,
  initial,
  trigger,
  save,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  heading: string;
  submitLabel: string;
  initial?: PostInput;
  trigger?: ReactNode;
  /** Sends the post; resolves when stored (the dialog closes), rejects with the server's refusal. */
  save: (input: PostInput) => Promise<unknown>;
}) {
  // The dialog mounts its content on each opening and drops it on closing, so the form inside
  // starts each time from the post as stored (an edit) or blank (a new post), with no message.
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={heading} description="Share a question or a win with other reps. Your username is shown with it." trigger={trigger}>
      <PostForm initial={initial} submitLabel={submitLabel} save={save} close={() => onOpenChange(false)} />
    </Dialog>
  );
}

function PostForm({ initial, submitLabel, save, close }: { initial?: PostInput; submitLabel: string; save: (input: PostInput) => Promise<unknown>; close: () => void }) {
  // Read once, when the form mounts: a parent's re-render (a refetched post) does not wipe what is being typed.
  const { register, handleSubmit, formState, setError, getValues } = useForm<PostInput>({
    resolver: zodResolver(postInputSchema),
    defaultValues: initial ?? EMPTY,
  });
  const { errors, isSubmitting } = formState;
  // What is not about one field: a required field left empty (product §15.5's 'Please fill all fields'), or the server's refusal.
  const [formError, setFormError] = useState<{ title: string; description: string } | null>(null);

  const onValid = async (input: PostInput) => {
    setFormError(null);
    try {
      await save(input);
      close();
    } catch (err) {
      if (!applyServerErrors(err, FIELDS, setError)) setFormError({ title: 'Not posted', description: errorMessage(err) });
    }
  };
  const onInvalid = () => {
    const values = getValues();
    setFormError(!values.title.trim() || !values.content.trim() || !values.category ? FILL_ALL_FIELDS : null);
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-4">
      <Field id="post-title" label="Title" error={errors.title?.message}>
        <Input id="post-title" maxLength={TITLE_MAX + 20} aria-invalid={Boolean(errors.title)} aria-describedby={describedBy('post-title', { error: errors.title })} {...register('title')} />
      </Field>
      <Field id="post-category" label="Category" error={errors.category?.message}>
        <select
          id="post-category"
          aria-invalid={Boolean(errors.category)}
          aria-describedby={describedBy('post-category', { error: errors.category })}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700 aria-[invalid=true]:border-red-500"
          {...register('category')}
        >
          <option value="">Choose a category</option>
          {COMMUNITY_CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="post-content" label="Content" hint={`Up to ${POST_CONTENT_MAX.toLocaleString('en-US')} characters. Line breaks are kept.`} error={errors.content?.message}>
        <Textarea id="post-content" rows={6} aria-invalid={Boolean(errors.content)} aria-describedby={describedBy('post-content', { hint: true, error: errors.content })} {...register('content')} />
      </Field>
      {formError && (
        <div id="post-form-error" role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="font-semibold">{formError.title}</p>
          <p>{formError.description}</p>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-describedby={formError ? 'post-form-error' : undefined}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
