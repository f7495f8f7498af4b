import { useState } from 'react';
import { EyeOff, Pencil, Trash2 } from 'lucide-react';
import type { Reply } from '#shared/schemas/community';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { useDeleteReply } from '../api/delete-reply';
import { useUpdateReply } from '../api/update-reply';
import { timeAgo } from '../lib/time-ago';
import { ConfirmDeleteDialog } from './confirm-dialog';
import { ReplyForm } from './reply-form';
import { ReportReplyDialog } from './report-dialog';
import { UserText } from './user-text';

/**
 * One reply: who and when, the text as written; its author may edit or delete it, anyone else
 * report it. `readOnly`: under a post a moderator hid, which its author still reads, nothing can be done.
 */
export function ReplyItem({ reply, readOnly = false }: { reply: Reply; readOnly?: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const update = useUpdateReply(reply.postId);
  const remove = useDeleteReply();
  return (
    <li className="space-y-2 py-3" data-testid="reply">
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{reply.author.username}</span>
        <span aria-hidden>·</span>
        <time dateTime={reply.createdAt}>{timeAgo(reply.createdAt)}</time>
        {reply.editedAt && <span>(edited)</span>}
        {reply.hidden && (
          // Only admins ever receive a hidden reply: they see it in place, marked.
          <span className="inline-flex items-center gap-1 rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-700">
            <EyeOff className="h-3 w-3" aria-hidden />
            Hidden by a moderator
          </span>
        )}
      </p>
      {editing ? (
        <ReplyForm
          id={`reply-edit-${reply.id}`}
          label="Edit your reply"
          submitLabel="Save"
          initial={reply.content}
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={async (content) => {
            await update.mutateAsync({ id: reply.id, content });
            setEditing(false);
            toast({ title: 'Reply updated' });
          }}
        />
      ) : (
        <UserText text={reply.content} className="text-sm text-slate-800" />
      )}
      {!readOnly && !reply.mine && !reply.hidden && (
        <div className="flex gap-1">
          <ReportReplyDialog reply={reply} />
        </div>
      )}
      {!readOnly && reply.mine && !reply.hidden && !editing && (
        <div className="flex gap-1">
          <Button variant="ghost" onClick={() => setEditing(true)} className="text-slate-700">
            <Pencil className="h-4 w-4" aria-hidden />
            Edit<span className="sr-only"> your reply</span>
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(true)} className="text-red-700">
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete<span className="sr-only"> your reply</span>
          </Button>
        </div>
      )}
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          setDeleteError(undefined);
        }}
        title="Delete this reply?"
        description="It is removed for everyone. This cannot be undone."
        pending={remove.isPending}
        error={deleteError}
        onConfirm={() =>
          remove.mutate(reply.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Reply deleted' });
            },
            onError: (err) => setDeleteError(errorMessage(err)),
          })
        }
      />
    </li>
  );
}
