import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_WINDOW_MINUTES,
  COMMUNITY_CATEGORIES,
  CONTRIBUTOR_BADGES,
  EXCERPT_LENGTH,
  POSTS_TODAY_HOURS,
  TRENDING_DAYS,
  type CommunityCategoryId,
  type CommunityOverview,
  type CommunitySort,
  type PinResult,
  type PostDetail,
  type PostInput,
  type PostList,
  type PostListQuery,
  type Reply,
  type ReplyList,
  type ReportResult,
  type VoteResult,
  type VoteValue,
} from '../../../shared/schemas/community.js';
import type { AccountExport } from '../../../shared/schemas/account.js';
import type { ModerationPost, ModerationQueue, ModerationReply, ModerationReport } from '../../../shared/schemas/moderation.js';
import { DAY_MS } from '../../../shared/time.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { withRetry } from '../../db/errors.js';
import { forumMembers, forumPosts, forumReplies, forumReplyReports, forumReports, forumVotes, users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';

const POST_NOT_FOUND = 'This post does not exist or was removed.';
const REPLY_NOT_FOUND = 'This reply does not exist or was removed.';
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Records that the user is in the forum now: the stats' members and "active in the last 15
 * minutes" read this table. The row is written at most once a minute per user.
 */
async function touchMember(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .insert(forumMembers)
    .values({ userId, joinedAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: forumMembers.userId, set: { lastSeenAt: now }, setWhere: lt(forumMembers.lastSeenAt, new Date(now.getTime() - MINUTE_MS)) });
}

/**
 * touchMember for every forum request, skipped when this process wrote the user's visit less
 * than a minute ago. Even an upsert that updates nothing locks the row, and a lock is a commit
 * to flush: measured, it made each forum read ~7 ms slower than a plain signed-in read. The
 * table stays the truth (other processes write their own visits); this only spares the
 * statements that would change nothing.
 */
export function memberPresence(db: Db) {
  const writtenAt = new Map<number, number>();
  return async (userId: number, now: Date): Promise<void> => {
    const t = now.getTime();
    const last = writtenAt.get(userId);
    if (last !== undefined && t >= last && t - last < MINUTE_MS) return;
    await touchMember(db, userId, now);
    writtenAt.set(userId, t);
    // Forget the visits too old to spare anything, so the map holds the last minute's readers only.
    if (writtenAt.size > 10_000) for (const [id, at] of writtenAt) if (t - at >= MINUTE_MS) writtenAt.delete(id);
  };
}

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
async function lockPost(tx: Tx, user: UserRow, postId: number) {
  const [post] = await tx.select().from(forumPosts).where(eq(forumPosts.id, postId)).for('update');
  if (!post || (post.hiddenAt && !user.isAdmin)) throw new HttpError(404, POST_NOT_FOUND);
  if (post.hiddenAt) throw new HttpError(409, 'This post is hidden. Restore it before anyone acts on it.');
  return post;
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** The columns both a list item and a post page show, with the author's name and the caller's vote. */
function postColumns() {
  return {
    id: forumPosts.id,
    title: forumPosts.title,
    category: forumPosts.category,
    authorId: forumPosts.authorId,
    username: users.username,
    createdAt: forumPosts.createdAt,
    editedAt: forumPosts.editedAt,
    lastActivityAt: forumPosts.lastActivityAt,
    score: forumPosts.score,
    upvotes: forumPosts.upvotes,
    downvotes: forumPosts.downvotes,
    replyCount: forumPosts.replyCount,
    pinned: forumPosts.pinned,
    hot: forumPosts.hot,
    hiddenAt: forumPosts.hiddenAt,
    myVote: forumVotes.value,
  };
}
interface PostRow {
  id: number;
  title: string;
  category: CommunityCategoryId;
  authorId: number;
  username: string;
  createdAt: Date;
  editedAt: Date | null;
  lastActivityAt: Date;
  score: number;
  upvotes: number;
  downvotes: number;
  replyCount: number;
  pinned: boolean;
  hiddenAt: Date | null;
  myVote: number | null;
}

function postFieldsOf(row: PostRow, user: UserRow) {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    author: { username: row.username },
    createdAt: iso(row.createdAt),
    editedAt: isoOrNull(row.editedAt),
    lastActivityAt: iso(row.lastActivityAt),
    score: row.score,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    replyCount: row.replyCount,
    pinned: row.pinned,
    hidden: row.hiddenAt !== null,
    myVote: row.myVote ?? 0,
    mine: row.authorId === user.id,
  };
}

const visibleTo = (user: UserRow): SQL | undefined => (user.isAdmin ? undefined : isNull(forumPosts.hiddenAt));
/**
 * A post's own page (and its replies) is also open to its author after a moderator hid it
 * (issue #25): a link or bookmark to their post should say what happened to it, not "not found".
 * Only the page: lists and counts leave it out for them as for everyone, and every other
 * member still gets the 404 a missing post gets.
 */
const pageVisibleTo = (user: UserRow): SQL | undefined => (user.isAdmin ? undefined : or(isNull(forumPosts.hiddenAt), eq(forumPosts.authorId, user.id)));

/*
 * Pages are read by keyset: the cursor carries the last post's sort key, and the next page
 * starts strictly after it on the same index (pinned, key, id), so a page costs the same at the
 * 10th post or the 10,000th, and a post made or voted while reading does not repeat one.
 * New's key is the id (ids rise with time and never tie).
 */
type Cursor = [pinned: 0 | 1, key: number, id: number];
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(raw: string, withKey: boolean): Cursor {
  const bad = () => new HttpError(400, 'Invalid cursor', { errors: { cursor: ['Invalid cursor'] } });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(value) || value.length !== 3 || !value.every((v) => typeof v === 'number' && Number.isFinite(v))) throw bad();
  const [pinned, key, id] = value as number[];
  if ((pinned !== 0 && pinned !== 1) || !Number.isInteger(id) || (!withKey && key !== 0)) throw bad();
  return [pinned, key as number, id as number];
}

const sortKey = (sort: CommunitySort) => (sort === 'top' ? forumPosts.score : sort === 'hot' ? forumPosts.hot : null);

export async function listPosts(db: Db, user: UserRow, query: PostListQuery): Promise<PostList> {
  const key = sortKey(query.sort);
  const conditions: (SQL | undefined)[] = [visibleTo(user), query.category ? eq(forumPosts.category, query.category) : undefined];
  if (query.cursor) {
    const [pinned, k, id] = decodeCursor(query.cursor, key !== null);
    conditions.push(
      key
        ? sql`(${forumPosts.pinned}, ${key}, ${forumPosts.id}) < (${pinned === 1}, ${k}, ${id})`
        : sql`(${forumPosts.pinned}, ${forumPosts.id}) < (${pinned === 1}, ${id})`,
    );
  }
  const rows = await db
    .select({
      ...postColumns(),
      excerpt: sql<string>`left(${forumPosts.content}, ${EXCERPT_LENGTH})`,
      truncated: sql<boolean>`char_length(${forumPosts.content}) > ${EXCERPT_LENGTH}`,
    })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.authorId))
    .leftJoin(forumVotes, and(eq(forumVotes.postId, forumPosts.id), eq(forumVotes.userId, user.id)))
    .where(and(...conditions))
    .orderBy(...(key ? [desc(forumPosts.pinned), desc(key), desc(forumPosts.id)] : [desc(forumPosts.pinned), desc(forumPosts.id)]))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor([last.pinned ? 1 : 0, query.sort === 'top' ? last.score : query.sort === 'hot' ? last.hot : 0, last.id]) : null;
  return { posts: page.map((r) => ({ ...postFieldsOf(r, user), excerpt: r.excerpt, truncated: r.truncated })), nextCursor };
}

export async function getPost(db: Executor, user: UserRow, postId: number): Promise<PostDetail> {
  const [row] = await db
    .select({
      ...postColumns(),
      content: forumPosts.content,
      reportedByMe: sql<boolean>`exists (select 1 from ${forumReports} r where r.post_id = ${forumPosts.id} and r.reporter_id = ${user.id})`,
    })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.authorId))
    .leftJoin(forumVotes, and(eq(forumVotes.postId, forumPosts.id), eq(forumVotes.userId, user.id)))
    .where(and(eq(forumPosts.id, postId), pageVisibleTo(user)));
  if (!row) throw new HttpError(404, POST_NOT_FOUND);
  return { ...postFieldsOf(row, user), content: row.content, reportedByMe: row.reportedByMe };
}

export async function createPost(db: Db, user: UserRow, input: PostInput, now: Date): Promise<PostDetail> {
  const stamp = sql`${iso(now)}::timestamptz`;
  const [row] = await db
    .insert(forumPosts)
    .values({ authorId: user.id, ...input, createdAt: now, lastActivityAt: now, hot: sql`${hotSql(sql`0`, stamp)}` })
    .returning({ id: forumPosts.id });
  if (!row) throw new Error('post insert returned nothing');
  return getPost(db, user, row.id);
}

/** An author edits their own post; anyone else's is not found (404), admins' included. */
export async function updatePost(db: Db, user: UserRow, postId: number, input: PostInput, now: Date): Promise<PostDetail> {
  const [row] = await db
    .update(forumPosts)
    .set({ ...input, editedAt: now })
    .where(and(eq(forumPosts.id, postId), eq(forumPosts.authorId, user.id), isNull(forumPosts.hiddenAt)))
    .returning({ id: forumPosts.id });
  if (!row) throw new HttpError(404, POST_NOT_FOUND);
  return getPost(db, user, row.id);
}

/** An author deletes their own post, with its replies, votes and reports (cascade). */
export async function deletePost(db: Db, user: UserRow, postId: number): Promise<void> {
  const deleted = await db
    .delete(forumPosts)
    .where(and(eq(forumPosts.id, postId), eq(forumPosts.authorId, user.id), isNull(forumPosts.hiddenAt)))
    .returning({ id: forumPosts.id });
  if (deleted.length === 0) throw new HttpError(404, POST_NOT_FOUND);
}

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

/** The categories with their live counts, and the sidebar: stats, trending, top contributors. Hidden posts count nowhere. */
export async function communityOverview(db: Db, now: Date): Promise<CommunityOverview> {
  const visible = isNull(forumPosts.hiddenAt);
  const [perCategory, [members], [today], trending, contributors] = await Promise.all([
    db.select({ category: forumPosts.category, posts: count() }).from(forumPosts).where(visible).groupBy(forumPosts.category),
    db
      .select({ members: count(), active: sql<number>`count(*) filter (where ${forumMembers.lastSeenAt} >= ${iso(new Date(now.getTime() - ACTIVE_WINDOW_MINUTES * MINUTE_MS))}::timestamptz)::int` })
      .from(forumMembers),
    db
      .select({ posts: count() })
      .from(forumPosts)
      .where(and(visible, gte(forumPosts.createdAt, new Date(now.getTime() - POSTS_TODAY_HOURS * HOUR_MS)))),
    db
      .select({ id: forumPosts.id, title: forumPosts.title, category: forumPosts.category, score: forumPosts.score, replyCount: forumPosts.replyCount })
      .from(forumPosts)
      .where(and(visible, gte(forumPosts.createdAt, new Date(now.getTime() - TRENDING_DAYS * DAY_MS)), sql`${forumPosts.score} + 2 * ${forumPosts.replyCount} > 0`))
      .orderBy(desc(sql`${forumPosts.score} + 2 * ${forumPosts.replyCount}`), desc(forumPosts.id))
      .limit(5),
    db
      .select({ username: users.username, votes: sql<number>`sum(${forumPosts.score})::int`, posts: count() })
      .from(forumPosts)
      .innerJoin(users, eq(users.id, forumPosts.authorId))
      .where(visible)
      .groupBy(users.id, users.username)
      .having(sql`sum(${forumPosts.score}) > 0`)
      .orderBy(desc(sql`sum(${forumPosts.score})`), desc(count()), asc(users.username))
      .limit(5),
  ]);
  const postsIn = new Map(perCategory.map((r) => [r.category, r.posts]));
  return {
    categories: COMMUNITY_CATEGORIES.map((c) => ({ ...c, posts: postsIn.get(c.id) ?? 0 })),
    stats: { members: members?.members ?? 0, activeNow: members?.active ?? 0, postsToday: today?.posts ?? 0, categories: COMMUNITY_CATEGORIES.length },
    trending,
    topContributors: contributors.map((c, i) => ({ ...c, badge: CONTRIBUTOR_BADGES[i] ?? null })),
  };
}

/* ---- Moderation (shared/schemas/moderation.ts; the routes are moderation-routes.ts, admins only) ---- */

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

/* ---- The account's export and deletion (account/service.ts) ---- */

/** Everything the person wrote, voted and reported in the forum (DECISIONS §9). */
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
