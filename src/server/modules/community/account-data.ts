import { asc, eq, sql } from 'drizzle-orm';
import type { AccountExport } from '#shared/schemas/account.js';
import type { Db, Tx } from '../../db/client.js';
import { forumPosts, forumReplies, forumReplyReports, forumReports, forumVotes } from '../../db/schema/index.js';
import { iso, isoOrNull } from './answers.js';
import { refreshPostCounters } from './counters.js';

/* The forum's part of the account's export and deletion (account/service.ts). */

/** Everything the person wrote, voted and reported in the forum (product §10.2). */
export async function communityExport(db: Db, userId: number): Promise<AccountExport['community']> {
  const [posts, replies, votes, reports, replyReports] = await Promise.all([
    db.select().from(forumPosts).where(eq(forumPosts.authorId, userId)).orderBy(asc(forumPosts.id)),
    db.select().from(forumReplies).where(eq(forumReplies.authorId, userId)).orderBy(asc(forumReplies.id)),
    db.select().from(forumVotes).where(eq(forumVotes.userId, userId)).orderBy(asc(forumVotes.createdAt), asc(forumVotes.postId)),
    db.select().from(forumReports).where(eq(forumReports.reporterId, userId)).orderBy(asc(forumReports.id)),
    db.select().from(forumReplyReports).where(eq(forumReplyReports.reporterId, userId)).orderBy(asc(forumReplyReports.id)),
  ]);
  return {
    posts: posts.map((p) => ({
      id: p.id,
      title: p.title,
      content: p.content,
      category: p.category,
      createdAt: iso(p.createdAt),
      editedAt: isoOrNull(p.editedAt),
      score: p.score,
      replyCount: p.replyCount,
      pinned: p.pinned,
      hidden: p.hiddenAt !== null,
    })),
    replies: replies.map((r) => ({ id: r.id, postId: r.postId, content: r.content, createdAt: iso(r.createdAt), editedAt: isoOrNull(r.editedAt), hidden: r.hiddenAt !== null })),
    votes: votes.map((v) => ({ postId: v.postId, value: v.value, createdAt: iso(v.createdAt), updatedAt: iso(v.updatedAt) })),
    reports: reports.map((r) => ({ postId: r.postId, reason: r.reason, createdAt: iso(r.createdAt), dismissedAt: isoOrNull(r.dismissedAt) })),
    replyReports: replyReports.map((r) => ({ replyId: r.replyId, reason: r.reason, createdAt: iso(r.createdAt), dismissedAt: isoOrNull(r.dismissedAt) })),
  };
}

/**
 * Before an account is deleted (in the same transaction): its votes and replies on other
 * people's posts go, and those posts' counts are recounted without them. Its reports of posts
 * and replies, and others' reports of its replies, go by cascade. Its own posts, and
 * everything on them, go with the user row by cascade. The posts are locked in id order, as
 * every vote and reply locks its post first, so the counts cannot miss a concurrent one.
 */
export async function removeCommunityActivity(tx: Tx, userId: number): Promise<void> {
  const touched = await tx.execute<{ id: number }>(sql`
    select id from forum_posts
    where author_id <> ${userId}
      and (id in (select post_id from forum_votes where user_id = ${userId}) or id in (select post_id from forum_replies where author_id = ${userId}))
    order by id
    for update`);
  const ids = touched.rows.map((r) => r.id);
  if (ids.length === 0) return;
  await tx.delete(forumVotes).where(eq(forumVotes.userId, userId));
  await tx.delete(forumReplies).where(eq(forumReplies.authorId, userId));
  await refreshPostCounters(tx, ids);
}
