import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { EXCERPT_LENGTH, type CommunityCategoryId, type CommunitySort, type PostDetail, type PostInput, type PostList, type PostListQuery } from '#shared/schemas/community.js';
import type { Db, Executor } from '../../db/client.js';
import { forumPosts, forumReports, forumVotes, users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { iso, isoOrNull, POST_NOT_FOUND } from './answers.js';
import { hotSql } from './counters.js';
import { decodeCursor, encodeCursor } from './cursor.js';

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
