import { and, eq, sql } from 'drizzle-orm';
import type { VoteResult, VoteValue } from '#shared/schemas/community.js';
import type { Db } from '../../db/client.js';
import { withRetry } from '../../db/errors.js';
import { forumVotes, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { lockPost, refreshPostCounters } from './counters.js';

/**
 * Sets the caller's vote on a post: 1, -1, or 0 to take it back. The primary key (post, user)
 * keeps one vote per user per post; the post's row lock makes concurrent votes on the post queue,
 * so its counts are recounted with every earlier vote committed.
 */
export async function vote(db: Db, user: UserRow, postId: number, value: VoteValue, now: Date): Promise<VoteResult> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const post = await lockPost(tx, user, postId);
      if (post.authorId === user.id) throw new HttpError(403, 'You cannot vote on your own post.');
      if (value === 0) {
        await tx.delete(forumVotes).where(and(eq(forumVotes.postId, postId), eq(forumVotes.userId, user.id)));
      } else {
        await tx
          .insert(forumVotes)
          .values({ postId, userId: user.id, value, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: [forumVotes.postId, forumVotes.userId],
            set: { value, updatedAt: now },
            setWhere: sql`${forumVotes.value} <> excluded.value`,
          });
      }
      const counts = (await refreshPostCounters(tx, [postId])).get(postId);
      if (!counts) throw new Error(`post ${postId} vanished while voting`);
      return { postId, score: counts.score, upvotes: counts.upvotes, downvotes: counts.downvotes, myVote: value };
    }),
  );
}
