import { eq } from 'drizzle-orm';
import type { ReportResult } from '#shared/schemas/community.js';
import type { Db } from '../../db/client.js';
import { forumPosts, forumReplies, forumReplyReports, forumReports, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { REPLY_NOT_FOUND } from './answers.js';
import { lockPost } from './counters.js';

/**
 * One report per user per post (a unique index): a second one changes nothing and says so,
 * even after a moderator dismissed the first. Reports go to the admins' moderation queue.
 */
export async function reportPost(db: Db, user: UserRow, postId: number, reason: string, now: Date): Promise<ReportResult> {
  return db.transaction(async (tx) => {
    const post = await lockPost(tx, user, postId);
    if (post.authorId === user.id) throw new HttpError(403, 'You cannot report your own post. You can edit or delete it instead.');
    const inserted = await tx
      .insert(forumReports)
      .values({ postId, reporterId: user.id, reason, createdAt: now })
      .onConflictDoNothing({ target: [forumReports.postId, forumReports.reporterId] })
      .returning({ id: forumReports.id });
    return { reported: true as const, alreadyReported: inserted.length === 0 };
  });
}

/**
 * One report per user per reply, as for posts (a unique index: a second one, even concurrent,
 * changes nothing and says so). A hidden reply, or one under a hidden post, is not found for
 * members; an admin is told to restore it first, as with a hidden post.
 */
export async function reportReply(db: Db, user: UserRow, replyId: number, reason: string, now: Date): Promise<ReportResult> {
  const [row] = await db
    .select({ authorId: forumReplies.authorId, hiddenAt: forumReplies.hiddenAt, postHiddenAt: forumPosts.hiddenAt })
    .from(forumReplies)
    .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId))
    .where(eq(forumReplies.id, replyId));
  const hidden = row && (row.hiddenAt !== null || row.postHiddenAt !== null);
  if (!row || (hidden && !user.isAdmin)) throw new HttpError(404, REPLY_NOT_FOUND);
  if (row.postHiddenAt) throw new HttpError(409, 'This post is hidden. Restore it before anyone acts on it.');
  if (row.hiddenAt) throw new HttpError(409, 'This reply is hidden. Restore it before anyone acts on it.');
  if (row.authorId === user.id) throw new HttpError(403, 'You cannot report your own reply. You can edit or delete it instead.');
  const inserted = await db
    .insert(forumReplyReports)
    .values({ replyId, reporterId: user.id, reason, createdAt: now })
    .onConflictDoNothing({ target: [forumReplyReports.replyId, forumReplyReports.reporterId] })
    .returning({ id: forumReplyReports.id });
  return { reported: true as const, alreadyReported: inserted.length === 0 };
}
