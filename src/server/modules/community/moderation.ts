import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PinResult } from '#shared/schemas/community.js';
import type { ModerationPost, ModerationQueue, ModerationReply, ModerationReport } from '#shared/schemas/moderation.js';
import type { Db, Executor } from '../../db/client.js';
import { withRetry } from '../../db/errors.js';
import { forumPosts, forumReplies, forumReplyReports, forumReports, users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { iso, isoOrNull, POST_NOT_FOUND, REPLY_NOT_FOUND } from './answers.js';
import { refreshPostCounters } from './counters.js';

/* Moderation (shared/schemas/moderation.ts; the routes are moderation-routes.ts, admins only). */

/** Posts' moderation view: the whole text, hidden or not, with every report and who made it. */
async function moderationPosts(db: Executor, postIds: number[]): Promise<Map<number, ModerationPost>> {
  if (postIds.length === 0) return new Map();
  const posts = await db
    .select({ post: forumPosts, username: users.username })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.authorId))
    .where(inArray(forumPosts.id, postIds));
  const reports = await db
    .select({ report: forumReports, username: users.username })
    .from(forumReports)
    .innerJoin(users, eq(users.id, forumReports.reporterId))
    .where(inArray(forumReports.postId, postIds))
    .orderBy(desc(forumReports.createdAt), desc(forumReports.id));
  const out = new Map<number, ModerationPost>();
  for (const { post, username } of posts) {
    const own = reports.filter((r) => r.report.postId === post.id);
    out.set(post.id, {
      id: post.id,
      title: post.title,
      content: post.content,
      category: post.category,
      author: { id: post.authorId, username },
      createdAt: iso(post.createdAt),
      hidden: post.hiddenAt !== null,
      openReportCount: own.filter((r) => r.report.dismissedAt === null).length,
      reports: own.map(moderationReportOf),
    });
  }
  return out;
}

type ReportRowOut = { report: { id: number; reporterId: number; reason: string; createdAt: Date; dismissedAt: Date | null }; username: string };
const moderationReportOf = ({ report, username }: ReportRowOut): ModerationReport => ({
  id: report.id,
  reporter: { id: report.reporterId, username },
  reason: report.reason,
  createdAt: iso(report.createdAt),
  dismissedAt: isoOrNull(report.dismissedAt),
});

/** Replies' moderation view, as posts': the whole text, hidden or not, the post it is under, every report. */
async function moderationReplies(db: Executor, replyIds: number[]): Promise<Map<number, ModerationReply>> {
  if (replyIds.length === 0) return new Map();
  const replies = await db
    .select({ reply: forumReplies, username: users.username, postTitle: forumPosts.title, postHiddenAt: forumPosts.hiddenAt })
    .from(forumReplies)
    .innerJoin(users, eq(users.id, forumReplies.authorId))
    .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId))
    .where(inArray(forumReplies.id, replyIds));
  const reports = await db
    .select({ report: forumReplyReports, username: users.username })
    .from(forumReplyReports)
    .innerJoin(users, eq(users.id, forumReplyReports.reporterId))
    .where(inArray(forumReplyReports.replyId, replyIds))
    .orderBy(desc(forumReplyReports.createdAt), desc(forumReplyReports.id));
  const out = new Map<number, ModerationReply>();
  for (const { reply, username, postTitle, postHiddenAt } of replies) {
    const own = reports.filter((r) => r.report.replyId === reply.id);
    out.set(reply.id, {
      id: reply.id,
      post: { id: reply.postId, title: postTitle, hidden: postHiddenAt !== null },
      content: reply.content,
      author: { id: reply.authorId, username },
      createdAt: iso(reply.createdAt),
      hidden: reply.hiddenAt !== null,
      openReportCount: own.filter((r) => r.report.dismissedAt === null).length,
      reports: own.map(moderationReportOf),
    });
  }
  return out;
}

/** The queue holds this many posts at most: the ones most reported and most recently reported. */
export const MODERATION_QUEUE_LIMIT = 200;

/**
 * Reported posts, most open reports first, then the newest report. `open` keeps the ones still
 * waiting for a decision: visible, with a report not yet dismissed. Hiding a post is a decision,
 * so it leaves the open queue (its reports stay as they were, shown under `all`); restoring it
 * brings it back there while its reports are open.
 */
export async function moderationQueue(db: Db, status: 'open' | 'all'): Promise<ModerationQueue> {
  const [posts, replies] = await Promise.all([reportedPosts(db, status), reportedReplies(db, status)]);
  return { posts, replies };
}

async function reportedPosts(db: Db, status: 'open' | 'all'): Promise<ModerationPost[]> {
  const open = sql<number>`count(*) filter (where ${forumReports.dismissedAt} is null)`;
  const ranked = await db
    .select({ postId: forumReports.postId })
    .from(forumReports)
    .innerJoin(forumPosts, eq(forumPosts.id, forumReports.postId))
    .where(status === 'open' ? isNull(forumPosts.hiddenAt) : undefined)
    .groupBy(forumReports.postId)
    .having(status === 'open' ? sql`${open} > 0` : undefined)
    .orderBy(desc(open), desc(sql`max(${forumReports.createdAt})`), desc(forumReports.postId))
    .limit(MODERATION_QUEUE_LIMIT);
  const ids = ranked.map((r) => r.postId);
  const byId = await moderationPosts(db, ids);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Reported replies, ordered and capped as posts. A reply is visible, and so waits in `open`,
 * while neither it nor its post is hidden: hiding the whole thread decided for its replies too.
 */
async function reportedReplies(db: Db, status: 'open' | 'all'): Promise<ModerationReply[]> {
  const open = sql<number>`count(*) filter (where ${forumReplyReports.dismissedAt} is null)`;
  const ranked = await db
    .select({ replyId: forumReplyReports.replyId })
    .from(forumReplyReports)
    .innerJoin(forumReplies, eq(forumReplies.id, forumReplyReports.replyId))
    .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId))
    .where(status === 'open' ? and(isNull(forumReplies.hiddenAt), isNull(forumPosts.hiddenAt)) : undefined)
    .groupBy(forumReplyReports.replyId)
    .having(status === 'open' ? sql`${open} > 0` : undefined)
    .orderBy(desc(open), desc(sql`max(${forumReplyReports.createdAt})`), desc(forumReplyReports.replyId))
    .limit(MODERATION_QUEUE_LIMIT);
  const ids = ranked.map((r) => r.replyId);
  const byId = await moderationReplies(db, ids);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function moderationPost(db: Executor, postId: number): Promise<ModerationPost> {
  const post = (await moderationPosts(db, [postId])).get(postId);
  if (!post) throw new HttpError(404, POST_NOT_FOUND);
  return post;
}

/** Hides a post from everyone but admins (lists, counts, its page). Hiding a hidden post keeps its first time. */
export async function hidePost(db: Db, admin: UserRow, postId: number, now: Date): Promise<ModerationPost> {
  const updated = await db
    .update(forumPosts)
    .set({ hiddenAt: sql`coalesce(${forumPosts.hiddenAt}, ${iso(now)}::timestamptz)`, hiddenBy: sql`coalesce(${forumPosts.hiddenBy}, ${admin.id})` })
    .where(eq(forumPosts.id, postId))
    .returning({ id: forumPosts.id });
  if (updated.length === 0) throw new HttpError(404, POST_NOT_FOUND);
  return moderationPost(db, postId);
}

/** Brings a hidden post back as it was (its votes, replies and reports were kept). */
export async function restorePost(db: Db, postId: number): Promise<ModerationPost> {
  const updated = await db.update(forumPosts).set({ hiddenAt: null, hiddenBy: null }).where(eq(forumPosts.id, postId)).returning({ id: forumPosts.id });
  if (updated.length === 0) throw new HttpError(404, POST_NOT_FOUND);
  return moderationPost(db, postId);
}

/** Closes the post's open reports without hiding it; the reports stay, marked dismissed. */
export async function dismissReports(db: Db, admin: UserRow, postId: number, now: Date): Promise<ModerationPost> {
  await moderationPost(db, postId);
  await db
    .update(forumReports)
    .set({ dismissedAt: now, dismissedBy: admin.id })
    .where(and(eq(forumReports.postId, postId), isNull(forumReports.dismissedAt)));
  return moderationPost(db, postId);
}

async function moderationReply(db: Executor, replyId: number): Promise<ModerationReply> {
  const reply = (await moderationReplies(db, [replyId])).get(replyId);
  if (!reply) throw new HttpError(404, REPLY_NOT_FOUND);
  return reply;
}

/**
 * Hides or restores a reply, and recounts its post (reply count, latest activity, Hot rank)
 * under the post's row lock, as a reply or a vote does. Hiding a hidden reply keeps its first time.
 */
async function setReplyHidden(db: Db, admin: UserRow, replyId: number, hide: boolean, now: Date): Promise<ModerationReply> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const [target] = await tx.select({ postId: forumReplies.postId }).from(forumReplies).where(eq(forumReplies.id, replyId));
      if (!target) throw new HttpError(404, REPLY_NOT_FOUND);
      // The post first, as every writer on it locks it first: no reply or vote commits between the write and the recount.
      await tx.select({ id: forumPosts.id }).from(forumPosts).where(eq(forumPosts.id, target.postId)).for('update');
      const updated = await tx
        .update(forumReplies)
        .set(
          hide
            ? { hiddenAt: sql`coalesce(${forumReplies.hiddenAt}, ${iso(now)}::timestamptz)`, hiddenBy: sql`coalesce(${forumReplies.hiddenBy}, ${admin.id})` }
            : { hiddenAt: null, hiddenBy: null },
        )
        .where(eq(forumReplies.id, replyId))
        .returning({ id: forumReplies.id });
      if (updated.length === 0) throw new HttpError(404, REPLY_NOT_FOUND);
      await refreshPostCounters(tx, [target.postId]);
      return moderationReply(tx, replyId);
    }),
  );
}

/** Hides a reply from everyone but admins: its post's list, reply count and Hot rank. */
export const hideReply = (db: Db, admin: UserRow, replyId: number, now: Date) => setReplyHidden(db, admin, replyId, true, now);

/** Brings a hidden reply back as it was (its text and reports were kept), counted again. */
export const restoreReply = (db: Db, admin: UserRow, replyId: number, now: Date) => setReplyHidden(db, admin, replyId, false, now);

/** Closes the reply's open reports without hiding it; the reports stay, marked dismissed. */
export async function dismissReplyReports(db: Db, admin: UserRow, replyId: number, now: Date): Promise<ModerationReply> {
  await moderationReply(db, replyId);
  await db
    .update(forumReplyReports)
    .set({ dismissedAt: now, dismissedBy: admin.id })
    .where(and(eq(forumReplyReports.replyId, replyId), isNull(forumReplyReports.dismissedAt)));
  return moderationReply(db, replyId);
}

/** Pins or unpins a post: pinned posts come first in every sort. */
export async function setPinned(db: Db, postId: number, pinned: boolean, now: Date): Promise<PinResult> {
  const [row] = await db
    .update(forumPosts)
    .set({ pinned, pinnedAt: pinned ? sql`coalesce(${forumPosts.pinnedAt}, ${iso(now)}::timestamptz)` : null })
    .where(eq(forumPosts.id, postId))
    .returning({ id: forumPosts.id, pinned: forumPosts.pinned });
  if (!row) throw new HttpError(404, POST_NOT_FOUND);
  return row;
}
