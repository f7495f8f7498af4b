import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { EyeOff, Pencil, Pin, Trash2 } from 'lucide-react';
import type { PostDetail, PostInput } from '#shared/schemas/community';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { QueryState } from '../../../components/ui/query-state';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { isPaymentRequired } from '../../../lib/payment-required';
import { toast } from '../../../lib/toast-store';
import { useCreateReply } from '../api/create-reply';
import { useDeletePost } from '../api/delete-post';
import { usePost } from '../api/get-post';
import { useReplies } from '../api/get-replies';
import { useUpdatePost } from '../api/update-post';
import { CategoryBadge } from '../components/category-badge';
import { CommunityLocked } from '../components/community-locked';
import { ConfirmDeleteDialog } from '../components/confirm-dialog';
import { PinButton } from '../components/pin-button';
import { PostFormDialog } from '../components/post-form-dialog';
import { ReplyForm } from '../components/reply-form';
import { ReplyItem } from '../components/reply-item';
import { ReportDialog } from '../components/report-dialog';
import { UserText } from '../components/user-text';
import { VoteButtons } from '../components/vote-buttons';
import { timeAgo } from '../lib/time-ago';
import { useCommunityAccess } from '../lib/use-community-access';

function NotFound() {
  return (
    <div className="mx-auto max-w-md px-4 py-10 text-center">
      <h2 className="text-xl font-semibold text-slate-900">Post not found</h2>
      <p className="mt-2 text-slate-600">This post does not exist or was removed.</p>
      <Link href="/community" className={buttonClasses('secondary', 'md', 'mt-4')}>
        Back to the community
      </Link>
    </div>
  );
}

/**
 * /community/post/:id: the whole post with its votes, Report, the author's Edit and Delete, and
 * its replies (oldest first) with a box to reply. Pro users and admins only, as the forum.
 */
export function PostPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const { user, entitled } = useCommunityAccess();
  const post = usePost(id, entitled && valid);
  const replies = useReplies(id, entitled && valid && post.isSuccess);

  if (!user) return null;
  if (!entitled || isPaymentRequired(post.error)) return <CommunityLocked />;
  if (!valid || (post.error instanceof ApiRequestError && post.error.status === 404)) return <NotFound />;
  return (
    <QueryState query={post} error="The post could not be loaded.">
      {(p) => <PostView p={p} isAdmin={user.isAdmin} replies={replies} />}
    </QueryState>
  );
}

/** The loaded post with its votes, its author's and moderators' actions, and its replies. */
function PostView({ p, isAdmin, replies }: { p: PostDetail; isAdmin: boolean; replies: ReturnType<typeof useReplies> }) {
  const { id } = p;
  const createReply = useCreateReply(id);
  const update = useUpdatePost(id);
  const remove = useDeletePost(id);
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const initial: PostInput = { title: p.title, content: p.content, category: p.category };
  // A moderator hid it, and the reader is its author (the server shows it to no other member).
  const hiddenFromOthers = p.hidden && p.mine && !isAdmin;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      {hiddenFromOthers && (
        <div role="status" data-testid="hidden-notice" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <EyeOff className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <p>
            <span className="font-semibold">This post was hidden by a moderator.</span> Only you can see it: it is not listed in the community, and no one
            can reply to it or vote on it.
          </p>
        </div>
      )}
      <Card className="space-y-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-1.5">
          {p.pinned && (
            <Badge tone="amber" className="gap-1">
              <Pin className="h-3 w-3" aria-hidden />
              Pinned
            </Badge>
          )}
          <CategoryBadge category={p.category} />
          {p.hidden && (
            <Badge className="gap-1">
              <EyeOff className="h-3 w-3" aria-hidden />
              Hidden by a moderator
            </Badge>
          )}
        </div>
        <h2 className="break-words text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]" data-testid="post-title">
          {p.title}
        </h2>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
          <span className="font-semibold text-slate-800">{p.author.username}</span>
          <span aria-hidden>·</span>
          <time dateTime={p.createdAt}>{timeAgo(p.createdAt)}</time>
          {p.editedAt && <span>(edited)</span>}
        </p>
        <div data-testid="post-content">
          <UserText text={p.content} className="text-slate-800" />
        </div>
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
          <VoteButtons post={p} layout="row" />
          <div className="ml-auto flex flex-wrap items-start gap-1">
            {isAdmin && !p.hidden && <PinButton postId={p.id} pinned={p.pinned} />}
            {p.hidden ? null : p.mine ? (
              <>
                <PostFormDialog
                  open={editing}
                  onOpenChange={setEditing}
                  heading="Edit Post"
                  submitLabel="Save Changes"
                  initial={initial}
                  trigger={
                    <Button variant="ghost" className="text-slate-700">
                      <Pencil className="h-4 w-4" aria-hidden />
                      Edit
                    </Button>
                  }
                  save={async (input) => {
                    await update.mutateAsync(input);
                    toast({ title: 'Post updated' });
                  }}
                />
                <Button variant="ghost" className="text-red-700" onClick={() => setConfirming(true)}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                  Delete
                </Button>
              </>
            ) : (
              <ReportDialog postId={p.id} reported={p.reportedByMe} />
            )}
          </div>
        </div>
      </Card>
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this post?"
        description="The post and its replies are removed for everyone. This cannot be undone."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast({ title: 'Post deleted' });
              navigate('/community', { replace: true });
            },
            onError: (err) => toast({ title: 'Not deleted', description: errorMessage(err), variant: 'destructive' }),
          })
        }
      />

      <section className="space-y-2" aria-labelledby="replies-heading">
        <h3 id="replies-heading" className="text-lg font-semibold text-slate-900" data-testid="replies-heading">
          {p.replyCount === 0 ? 'No replies yet' : `${p.replyCount} ${p.replyCount === 1 ? 'Reply' : 'Replies'}`}
        </h3>
        <QueryState query={replies} layout="compact" error="The replies could not be loaded." loading="Loading the replies…">
          {({ pages }) => {
            const all = pages.flatMap((page) => page.replies);
            return (
              all.length > 0 && (
                <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-4">
                  {all.map((r) => (
                    <ReplyItem key={r.id} reply={r} readOnly={hiddenFromOthers} />
                  ))}
                </ol>
              )
            );
          }}
        </QueryState>
        {replies.hasNextPage && (
          <Button variant="secondary" className="w-full" disabled={replies.isFetchingNextPage} onClick={() => void replies.fetchNextPage()}>
            {replies.isFetchingNextPage ? 'Loading…' : 'Load more replies'}
          </Button>
        )}
        {!p.hidden && (
          <Card className="p-4">
            <ReplyForm
              id="new-reply"
              label="Your reply"
              submitLabel="Post Reply"
              pending={createReply.isPending}
              onSubmit={async (content) => {
                await createReply.mutateAsync(content);
                toast({ title: 'Reply posted' });
              }}
            />
          </Card>
        )}
      </section>
    </div>
  );
}
