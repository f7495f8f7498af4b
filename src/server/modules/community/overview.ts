import { and, asc, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { ACTIVE_WINDOW_MINUTES, COMMUNITY_CATEGORIES, CONTRIBUTOR_BADGES, POSTS_TODAY_HOURS, TRENDING_DAYS, type CommunityOverview } from '#shared/schemas/community.js';
import { DAY_MS } from '#shared/time.js';
import type { Db } from '../../db/client.js';
import { forumMembers, forumPosts, users } from '../../db/schema/index.js';
import { iso } from './answers.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

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
