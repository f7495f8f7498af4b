import { useState } from 'react';
import { ArrowBigDown, ArrowBigUp } from 'lucide-react';
import type { PostSummary, VoteValue } from '#shared/schemas/community';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { useVotePost } from '../api/vote-post';

const VOTED = { title: 'Your vote has been recorded.' } as const;

/**
 * Up and down, with the post's score between them (product §15.5's toasts, the vote itself on the
 * server). Tapping the vote you already gave takes it back. Your own post shows its score only.
 */
export function VoteButtons({ post, layout }: { post: Pick<PostSummary, 'id' | 'title' | 'score' | 'myVote' | 'mine'>; layout: 'column' | 'row' }) {
  const vote = useVotePost();
  const pending = vote.isPending;
  // A refused vote is said beside the buttons until the next tap, not in a toast that goes (issue #25).
  const [failure, setFailure] = useState<string>();
  const errorId = `vote-error-${post.id}`;
  const cast = (value: 1 | -1) => {
    const next: VoteValue = post.myVote === value ? 0 : value;
    setFailure(undefined);
    vote.mutate(
      { postId: post.id, value: next },
      {
        onSuccess: () =>
          toast(
            next === 1
              ? { title: 'Upvoted', description: VOTED.title }
              : next === -1
                ? { title: 'Downvoted', description: VOTED.title }
                : { title: 'Vote removed', description: 'Your vote has been taken back.' },
          ),
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };
  const button = (value: 1 | -1) => {
    const on = post.myVote === value;
    const Icon = value === 1 ? ArrowBigUp : ArrowBigDown;
    return (
      <button
        type="button"
        aria-label={value === 1 ? 'Upvote' : 'Downvote'}
        aria-pressed={on}
        aria-describedby={failure && errorId}
        disabled={pending}
        onClick={() => cast(value)}
        className={cn(
          'inline-flex h-11 w-11 items-center justify-center rounded-lg transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-900 disabled:cursor-wait',
          on ? (value === 1 ? 'bg-blue-100 text-blue-800' : 'bg-red-100 text-red-800') : 'text-slate-600 hover:bg-slate-100',
        )}
      >
        <Icon className="h-6 w-6" fill={on ? 'currentColor' : 'none'} aria-hidden />
      </button>
    );
  };
  const score = (
    <span data-testid="post-score" className="min-w-8 text-center text-sm font-semibold tabular-nums text-slate-900">
      {post.score}
      <span className="sr-only"> {Math.abs(post.score) === 1 ? 'vote' : 'votes'}</span>
    </span>
  );
  if (post.mine) {
    return (
      <div className={cn('flex shrink-0 items-center justify-center text-slate-600', layout === 'column' ? 'w-11 flex-col py-2' : 'gap-1 px-2')} title="Your post: others vote on it">
        <ArrowBigUp className="h-5 w-5 text-slate-400" aria-hidden />
        {score}
      </div>
    );
  }
  return (
    <div className={cn('relative flex shrink-0 items-center', layout === 'column' ? 'flex-col' : 'gap-1')}>
      {button(1)}
      {score}
      {button(-1)}
      {failure && (
        // Laid over what follows rather than widening the narrow vote column.
        <p id={errorId} role="alert" className="absolute top-full left-0 z-10 mt-1 w-56 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 shadow">
          <span className="font-semibold">Vote not recorded.</span> {failure}
        </p>
      )}
    </div>
  );
}
