import { Link } from 'wouter';
import { EyeOff, MessageSquare, Pin } from 'lucide-react';
import type { PostSummary } from '#shared/schemas/community';
import { Badge } from '../../../components/ui/badge';
import { timeAgo } from '../lib/time-ago';
import { CategoryBadge } from './category-badge';
import { VoteButtons } from './vote-buttons';

/** One discussion in Recent Discussions: votes, the title leading to its page, the start of the text. */
export function PostCard({ post }: { post: PostSummary }) {
  const titleId = `post-${post.id}-title`;
  return (
    <article aria-labelledby={titleId} data-testid="post-card" className="flex gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:gap-3 sm:p-4">
      <VoteButtons post={post} layout="column" />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-1.5">
          {post.pinned && (
            <Badge tone="amber" className="gap-1">
              <Pin className="h-3 w-3" aria-hidden />
              Pinned
            </Badge>
          )}
          <CategoryBadge category={post.category} />
          {post.hidden && (
            <Badge className="gap-1">
              <EyeOff className="h-3 w-3" aria-hidden />
              Hidden
            </Badge>
          )}
        </div>
        <h3 id={titleId} className="text-base font-semibold leading-snug text-slate-900">
          <Link href={`/community/post/${post.id}`} className="flex min-h-11 items-center break-words [overflow-wrap:anywhere] hover:text-blue-700 hover:underline">
            {post.title}
          </Link>
        </h3>
        <p className="line-clamp-3 whitespace-pre-wrap break-words text-sm text-slate-600 [overflow-wrap:anywhere]">
          {/* A preview: blank lines between paragraphs would spend its three lines on nothing. */}
          {post.excerpt.replace(/\n{2,}/g, '\n')}
          {post.truncated && '…'}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 pt-1 text-xs text-slate-600">
          <span className="font-medium text-slate-800">{post.author.username}</span>
          <span aria-hidden>·</span>
          <time dateTime={post.createdAt}>{timeAgo(post.createdAt)}</time>
          <span aria-hidden>·</span>
          <span className="inline-flex items-center gap-1" data-testid="reply-count">
            <MessageSquare className="h-3.5 w-3.5" aria-hidden />
            {post.replyCount} {post.replyCount === 1 ? 'reply' : 'replies'}
          </span>
        </p>
      </div>
    </article>
  );
}
