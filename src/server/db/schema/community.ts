/** The community forum (modules/community, product §9): posts, replies, votes, reports, and who has been there. */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { COMMUNITY_CATEGORY_IDS } from '#shared/schemas/community.js';
import { users } from './auth.js';
import { createdAt } from './common.js';

/**
 * A forum post. The counts (votes, replies) and the Hot rank are kept on the row so each sort is
 * one index scan: a forum of 10,000 posts reads its first page as fast as one of 10. They are
 * recomputed from the vote and reply rows on every change (modules/community/counters.ts,
 * refreshPostCounters), never incremented, so they cannot drift.
 */
export const forumPosts = pgTable(
  'forum_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: COMMUNITY_CATEGORY_IDS }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    /** The author's last edit, or null. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** The creation or the newest reply. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    /** upvotes - downvotes: Top's order. */
    score: integer('score').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    /** Hot's order (service.ts HOT_SQL says how it is computed and why it can be stored). */
    hot: doublePrecision('hot').notNull().default(0),
    /** Pinned by an admin: first in every sort, so it leads the sort indexes. */
    pinned: boolean('pinned').notNull().default(false),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    /** Hidden by a moderator: gone for everyone but admins, counts included. Null while visible. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('forum_posts_category_check', sql`${t.category} in (${sql.raw(COMMUNITY_CATEGORY_IDS.map((c) => `'${c}'`).join(', '))})`),
    // One index per sort, and per sort within a category; all read backwards (every key descending).
    index('forum_posts_new_idx').on(t.pinned, t.id),
    index('forum_posts_top_idx').on(t.pinned, t.score, t.id),
    index('forum_posts_hot_idx').on(t.pinned, t.hot, t.id),
    index('forum_posts_category_new_idx').on(t.category, t.pinned, t.id),
    index('forum_posts_category_top_idx').on(t.category, t.pinned, t.score, t.id),
    index('forum_posts_category_hot_idx').on(t.category, t.pinned, t.hot, t.id),
    // Posts today and trending read a recent range.
    index('forum_posts_created_idx').on(t.createdAt),
    index('forum_posts_author_idx').on(t.authorId),
    // The sidebar's category counts and top contributors, read from the index alone (no table rows).
    index('forum_posts_visible_category_idx').on(t.category).where(sql`${t.hiddenAt} is null`),
    index('forum_posts_visible_author_score_idx').on(t.authorId, t.score).where(sql`${t.hiddenAt} is null`),
  ],
);
export type ForumPostRow = typeof forumPosts.$inferSelect;

/** A reply to a post, shown oldest first. Not votable (the post is what the forum ranks). Reportable and hideable like a post. */
export const forumReplies = pgTable(
  'forum_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Hidden by a moderator: gone for everyone but admins (the list, the post's count and Hot rank). Null while visible. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('forum_replies_post_idx').on(t.postId, t.id), index('forum_replies_author_idx').on(t.authorId)],
);
export type ForumReplyRow = typeof forumReplies.$inferSelect;

/** One vote per user per post (the primary key), changeable: 1 up, -1 down. Taking a vote back deletes its row. */
export const forumVotes = pgTable(
  'forum_votes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), check('forum_votes_value_check', sql`${t.value} in (-1, 1)`), index('forum_votes_user_idx').on(t.userId)],
);

/** A report of a post for the moderators' queue: one per user per post, kept after an admin dismisses it. */
export const forumReports = pgTable(
  'forum_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedBy: integer('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('forum_reports_post_reporter_idx').on(t.postId, t.reporterId), index('forum_reports_reporter_idx').on(t.reporterId)],
);

/** A report of a reply, as forumReports for posts: one per user per reply, kept after an admin dismisses it. */
export const forumReplyReports = pgTable(
  'forum_reply_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    replyId: integer('reply_id')
      .notNull()
      .references(() => forumReplies.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedBy: integer('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('forum_reply_reports_reply_reporter_idx').on(t.replyId, t.reporterId), index('forum_reply_reports_reporter_idx').on(t.reporterId)],
);

/**
 * Who has used the forum and when last: the stats' members (a row) and active now (seen in the
 * last 15 minutes). Touched by every community request, at most once a minute per user.
 */
export const forumMembers = pgTable(
  'forum_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forum_members_last_seen_idx').on(t.lastSeenAt)],
);
