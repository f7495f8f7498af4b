import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Reply, ReplyList } from '#shared/schemas/community.js';
import type { Db, Executor } from '../../db/client.js';
import { withRetry } from '../../db/errors.js';
import { forumPosts, forumReplies, forumReplyReports, users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { iso, isoOrNull, REPLY_NOT_FOUND } from './answers.js';
import { lockPost, refreshPostCounters } from './counters.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { getPost } from './posts.js';

interface ReplyRowOut {
  id: number;
  postId: number;
  content: string;
  authorId: number;
  username: string;
  createdAt: Date;
  editedAt: Date | null;
  hiddenAt: Date | null;
  reportedByMe: boolean;
}

function replyOf(row: ReplyRowOut, user: UserRow): Reply {
  return {
    id: row.id,
    postId: row.postId,
    content: row.content,
    author: { username: row.username },
    createdAt: iso(row.createdAt),
    editedAt: isoOrNull(row.editedAt),
    mine: row.authorId === user.id,
    reportedByMe: row.reportedByMe,
    hidden: row.hiddenAt !== null,
  };
}

const replyColumns = (user: UserRow) => ({
  id: forumReplies.id,
  postId: forumReplies.postId,
  content: forumReplies.content,
  authorId: forumReplies.authorId,
  username: users.username,
  createdAt: forumReplies.createdAt,
  editedAt: forumReplies.editedAt,
  hiddenAt: forumReplies.hiddenAt,
  reportedByMe: sql<boolean>`exists (select 1 from ${forumReplyReports} rr where rr.reply_id = ${forumReplies.id} and rr.reporter_id = ${user.id})`,
});

/** Replies a moderator hid exist for admins only (as hidden posts). */
const replyVisibleTo = (user: UserRow) => (user.isAdmin ? undefined : isNull(forumReplies.hiddenAt));

/** A post's replies, oldest first, a page at a time (keyset on the reply id). */
export async function listReplies(db: Db, user: UserRow, postId: number, query: { cursor?: string; limit: number }): Promise<ReplyList> {
  await getPost(db, user, postId);
  const after = query.cursor ? decodeCursor(query.cursor, false)[2] : 0;
  const rows = await db
    .select(replyColumns(user))
    .from(forumReplies)
    .innerJoin(users, eq(users.id, forumReplies.authorId))
    .where(and(eq(forumReplies.postId, postId), gt(forumReplies.id, after), replyVisibleTo(user)))
    .orderBy(asc(forumReplies.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { replies: page.map((r) => replyOf(r, user)), nextCursor: rows.length > query.limit && last ? encodeCursor([0, 0, last.id]) : null };
}

async function readReply(db: Executor, user: UserRow, replyId: number): Promise<Reply> {
  const [row] = await db.select(replyColumns(user)).from(forumReplies).innerJoin(users, eq(users.id, forumReplies.authorId)).where(eq(forumReplies.id, replyId));
  if (!row) throw new HttpError(404, REPLY_NOT_FOUND);
  return replyOf(row, user);
}

export async function createReply(db: Db, user: UserRow, postId: number, content: string, now: Date): Promise<Reply> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      await lockPost(tx, user, postId);
      const [row] = await tx.insert(forumReplies).values({ postId, authorId: user.id, content, createdAt: now }).returning({ id: forumReplies.id });
      if (!row) throw new Error('reply insert returned nothing');
      await refreshPostCounters(tx, [postId]);
      return readReply(tx, user, row.id);
    }),
  );
}

/** The author's own visible reply on a post they can still see; anything else (a hidden one too) is not found. */
async function ownReply(tx: Executor, user: UserRow, replyId: number) {
  const [row] = await tx
    .select({ id: forumReplies.id, postId: forumReplies.postId })
    .from(forumReplies)
    .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId))
    .where(and(eq(forumReplies.id, replyId), eq(forumReplies.authorId, user.id), isNull(forumReplies.hiddenAt), isNull(forumPosts.hiddenAt)));
  if (!row) throw new HttpError(404, REPLY_NOT_FOUND);
  return row;
}

export async function updateReply(db: Db, user: UserRow, replyId: number, content: string, now: Date): Promise<Reply> {
  const own = await ownReply(db, user, replyId);
  // Hidden between the check and the write: still not theirs to change.
  const updated = await db
    .update(forumReplies)
    .set({ content, editedAt: now })
    .where(and(eq(forumReplies.id, own.id), eq(forumReplies.authorId, user.id), isNull(forumReplies.hiddenAt)))
    .returning({ id: forumReplies.id });
  if (updated.length === 0) throw new HttpError(404, REPLY_NOT_FOUND);
  return readReply(db, user, own.id);
}

export async function deleteReply(db: Db, user: UserRow, replyId: number): Promise<void> {
  const own = await ownReply(db, user, replyId);
  await withRetry(() =>
    db.transaction(async (tx) => {
      await tx.select({ id: forumPosts.id }).from(forumPosts).where(eq(forumPosts.id, own.postId)).for('update');
      const deleted = await tx
        .delete(forumReplies)
        .where(and(eq(forumReplies.id, own.id), eq(forumReplies.authorId, user.id), isNull(forumReplies.hiddenAt)))
        .returning({ id: forumReplies.id });
      if (deleted.length === 0) throw new HttpError(404, REPLY_NOT_FOUND);
      await refreshPostCounters(tx, [own.postId]);
    }),
  );
}
