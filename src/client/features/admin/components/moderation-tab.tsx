import { useState } from 'react';
import { EyeOff, Flag } from 'lucide-react';
import { Link } from 'wouter';
import { categoryName } from '#shared/schemas/community';
import type { ModerationPost, ModerationReply, ModerationReport } from '#shared/schemas/moderation';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { useModerationQueue, type ModerationQueueStatus } from '../api/get-moderation-queue';
import { useModerate, type ModeratedKind, type ModerationAction } from '../api/moderate';
import { formatWhen } from '../lib/format-when';
import { AdminQueryState } from './admin-query-state';
import { ConfirmDialog } from './confirm-dialog';

const DONE: Record<ModerationAction, { title: string; description: string }> = {
  hide: { title: 'Post hidden', description: 'Only admins can see it now. It stays under All reported.' },
  restore: { title: 'Post restored', description: 'Everyone can see it again.' },
  'dismiss-reports': { title: 'Reports dismissed', description: 'The post stays as it is.' },
};

const REPLY_DONE: Record<ModerationAction, { title: string; description: string }> = {
  hide: { title: 'Reply hidden', description: "Only admins can see it now; the post's reply count drops. It stays under All reported." },
  restore: { title: 'Reply restored', description: 'Everyone can see it again.' },
  'dismiss-reports': { title: 'Reports dismissed', description: 'The reply stays as it is.' },
};

/** The open-count and hidden badges a reported post or reply leads with. */
function StatusBadges({ openReportCount, hidden }: { openReportCount: number; hidden: boolean }) {
  return (
    <>
      <Badge tone={openReportCount > 0 && !hidden ? 'amber' : 'neutral'}>
        <Flag className="mr-1 h-3 w-3" aria-hidden />
        {openReportCount} open {openReportCount === 1 ? 'report' : 'reports'}
      </Badge>
      {hidden && (
        <Badge>
          <EyeOff className="mr-1 h-3 w-3" aria-hidden />
          Hidden
        </Badge>
      )}
    </>
  );
}

/** Each report with who made it and when; the reason as text. */
function ReportList({ reports }: { reports: ModerationReport[] }) {
  return (
    <div className="space-y-2">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Reports</p>
      <ul className="space-y-2">
        {reports.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
            <p className="text-slate-700">
              {r.reporter.username} · {formatWhen(r.createdAt)}
              {r.dismissedAt && <span className="text-slate-500"> · dismissed</span>}
            </p>
            {r.reason ? <p className="break-words whitespace-pre-wrap text-slate-900">{r.reason}</p> : <p className="text-slate-500 italic">No reason given</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the confirmation and the toasts say, for a post or a reply. */
const WORDS: Record<ModeratedKind, { noun: string; done: Record<ModerationAction, { title: string; description: string }>; hideWarning: string }> = {
  posts: { noun: 'post', done: DONE, hideWarning: 'It disappears for everyone but admins, with its replies. You can restore it from here.' },
  replies: { noun: 'reply', done: REPLY_DONE, hideWarning: "It disappears for everyone but admins and no longer counts in the post's replies. You can restore it from here." },
};

/** Hide (after a confirmation) or restore one reported post or reply, and dismiss its reports. */
function ModerationActions({ kind, id, hidden, openReportCount }: { kind: ModeratedKind; id: number; hidden: boolean; openReportCount: number }) {
  const moderate = useModerate(kind);
  const [confirmHide, setConfirmHide] = useState(false);
  const { noun, done, hideWarning } = WORDS[kind];
  const act = (action: ModerationAction) =>
    moderate.mutate(
      { id, action },
      {
        onSuccess: () => {
          setConfirmHide(false);
          toast(done[action]);
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {hidden ? (
          <Button variant="secondary" disabled={moderate.isPending} onClick={() => act('restore')}>
            Restore {noun}
          </Button>
        ) : (
          <Button variant="destructive" disabled={moderate.isPending} onClick={() => setConfirmHide(true)}>
            Hide {noun}
          </Button>
        )}
        <Button variant="secondary" disabled={moderate.isPending || openReportCount === 0} onClick={() => act('dismiss-reports')}>
          Dismiss reports
        </Button>
      </div>
      <ConfirmDialog
        open={confirmHide}
        onOpenChange={setConfirmHide}
        title={`Hide this ${noun}?`}
        description={hideWarning}
        confirmLabel={`Hide ${noun}`}
        destructive
        busy={moderate.isPending}
        onConfirm={() => act('hide')}
      />
    </>
  );
}

/** The reported text as text, scrolling when long. */
const ReportedText = ({ text }: { text: string }) => (
  <p className="max-h-48 overflow-auto rounded-lg bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-900">{text}</p>
);

function PostCard({ post }: { post: ModerationPost }) {
  return (
    <Card className="space-y-3" data-testid={`moderation-post-${post.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadges openReportCount={post.openReportCount} hidden={post.hidden} />
        {/* The category's name, as the forum shows it, not its stored value ("crm" reads "CRM & Tools"). */}
        <Badge tone="blue">{categoryName(post.category)}</Badge>
      </div>
      <h4 className="font-semibold break-words text-slate-900">{post.title}</h4>
      <p className="text-sm text-slate-600">
        by {post.author.username} · {formatWhen(post.createdAt)}
      </p>
      <ReportedText text={post.content} />
      <ReportList reports={post.reports} />
      <ModerationActions kind="posts" id={post.id} hidden={post.hidden} openReportCount={post.openReportCount} />
    </Card>
  );
}

function ReplyCard({ reply }: { reply: ModerationReply }) {
  return (
    <Card className="space-y-3" data-testid={`moderation-reply-${reply.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadges openReportCount={reply.openReportCount} hidden={reply.hidden} />
        {reply.post.hidden && (
          // Hidden with its post: no one but admins sees it, whatever is decided here.
          <Badge>
            <EyeOff className="mr-1 h-3 w-3" aria-hidden />
            Post hidden
          </Badge>
        )}
      </div>
      <p className="text-sm text-slate-600">
        Reply to{' '}
        <Link href={`/community/post/${reply.post.id}`} className="font-semibold break-words text-blue-700 underline underline-offset-2 hover:text-blue-800">
          {reply.post.title}
        </Link>
      </p>
      <p className="text-sm text-slate-600">
        by {reply.author.username} · {formatWhen(reply.createdAt)}
      </p>
      <ReportedText text={reply.content} />
      <ReportList reports={reply.reports} />
      <ModerationActions kind="replies" id={reply.id} hidden={reply.hidden} openReportCount={reply.openReportCount} />
    </Card>
  );
}

/** Reported community posts, then reported replies, with their reports (shared/schemas/moderation.ts): hide, restore, dismiss. */
export function ModerationTab() {
  const [status, setStatus] = useState<ModerationQueueStatus>('open');
  const queue = useModerationQueue(status);
  return (
    <div className="space-y-4">
      <div className="w-full sm:w-56">
        <Field id="moderation-filter" label="Show">
          <Select id="moderation-filter" value={status} onChange={(e) => setStatus(e.target.value as ModerationQueueStatus)}>
            <option value="open">Open reports</option>
            <option value="all">All reported</option>
          </Select>
        </Field>
      </div>
      <AdminQueryState
        query={queue}
        layout="panel"
        error={`The moderation queue could not be loaded: ${errorMessage(queue.error)}`}
        loading="Loading the moderation queue…"
      >
        {({ posts, replies }) => (
          <>
            {posts.length === 0 && replies.length === 0 && (
              <p className="py-6 text-center text-slate-600">{status === 'open' ? 'No open reports. Nothing to moderate.' : 'Nothing has been reported.'}</p>
            )}
            {posts.length > 0 && (
              <section className="space-y-4" aria-labelledby="moderation-posts-heading">
                <h3 id="moderation-posts-heading" className="text-lg font-semibold text-slate-900">
                  Reported posts
                </h3>
                {posts.map((post) => (
                  <PostCard key={post.id} post={post} />
                ))}
              </section>
            )}
            {replies.length > 0 && (
              <section className="space-y-4" aria-labelledby="moderation-replies-heading">
                <h3 id="moderation-replies-heading" className="text-lg font-semibold text-slate-900">
                  Reported replies
                </h3>
                {replies.map((reply) => (
                  <ReplyCard key={reply.id} reply={reply} />
                ))}
              </section>
            )}
          </>
        )}
      </AdminQueryState>
    </div>
  );
}
