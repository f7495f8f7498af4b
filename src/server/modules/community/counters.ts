import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { forumPosts, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { POST_NOT_FOUND } from './answers.js';

/* The counts and the Hot rank kept on each post, and the post lock that keeps them exact. */

/*
 * Hot. A post's activity is a = (up votes - down votes) + 2 × replies (a reply costs more effort
 * than a tap, so it counts double), and its rank is
 *
 *     hot = sign(a) · log10(1 + |a|) + created_at_in_seconds / 45000
 *
 * Every 45,000 s (12.5 hours) of newness is worth ten times the activity: a post from this
 * morning with 3 votes outranks one from three days ago with 300. The decay by age is relative:
 * what a post's age costs is the same for every post, so the order of two posts never changes
 * as time passes, and the rank is stored on the row (updated with each vote and reply) and
 * indexed. Hot is then one index scan like New and Top, whatever the forum's size, and exact
 * over every post, with no candidate window to tune. The log keeps a pile-on from burying
 * everything newer: the 11th vote moves a post less than the 1st. A formula that divides by
 * age, (a + 1) / (age + 2)^1.5, reorders posts as the clock moves and would have to be
 * recomputed over every post on each read.
 */
export const HOT_DECAY_SECONDS = 45_000;
export const hotSql = (activity: SQL, createdAt: SQL): SQL =>
  sql`(sign(${activity})::float8 * log(1 + abs(${activity})::float8) + extract(epoch from ${createdAt})::float8 / ${sql.raw(String(HOT_DECAY_SECONDS))})`;

/**
 * Recomputes the counts and the Hot rank of `postIds` from their vote and visible reply rows (a
 * reply a moderator hid counts nowhere, nor as the post's latest activity). The
 * caller holds the posts' row locks (lockPost), so no vote or reply on them commits between the
 * counting and the write; counting rather than adding one keeps the figures exact even after
 * rows vanish by cascade (an account deleted).
 */
export async function refreshPostCounters(tx: Executor, postIds: number[]): Promise<Map<number, { upvotes: number; downvotes: number; score: number; replyCount: number }>> {
  if (postIds.length === 0) return new Map();
  const activity = sql`(c.up - c.down + 2 * c.replies)`;
  const result = await tx.execute<{ id: number; upvotes: number; downvotes: number; score: number; reply_count: number }>(sql`
    update forum_posts p set
      upvotes = c.up,
      downvotes = c.down,
      score = c.up - c.down,
      reply_count = c.replies,
      last_activity_at = greatest(p.created_at, c.last_reply),
      hot = ${hotSql(activity, sql`p.created_at`)}
    from (
      select q.id,
        (select count(*) from forum_votes v where v.post_id = q.id and v.value = 1)::int as up,
        (select count(*) from forum_votes v where v.post_id = q.id and v.value = -1)::int as down,
        (select count(*) from forum_replies r where r.post_id = q.id and r.hidden_at is null)::int as replies,
        (select max(r.created_at) from forum_replies r where r.post_id = q.id and r.hidden_at is null) as last_reply
      from forum_posts q where q.id in (${sql.join(
        postIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    ) c
    where p.id = c.id
    returning p.id, p.upvotes, p.downvotes, p.score, p.reply_count`);
  return new Map(result.rows.map((r) => [r.id, { upvotes: r.upvotes, downvotes: r.downvotes, score: r.score, replyCount: r.reply_count }]));
}

/**
 * The post a user may act on, locked for the rest of the transaction (votes and replies on one
 * post queue here, so its counts stay exact). A hidden post does not exist for anyone but
 * admins, and takes no new votes, replies or reports from them either.
 */
export async function lockPost(tx: Tx, user: UserRow, postId: number) {
  const [post] = await tx.select().from(forumPosts).where(eq(forumPosts.id, postId)).for('update');
  if (!post || (post.hiddenAt && !user.isAdmin)) throw new HttpError(404, POST_NOT_FOUND);
  if (post.hiddenAt) throw new HttpError(409, 'This post is hidden. Restore it before anyone acts on it.');
  return post;
}
