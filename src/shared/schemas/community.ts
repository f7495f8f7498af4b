import { z } from 'zod';
import { idParam, safeString } from './primitives.js';

/*
 * The community forum (issue #15, product §9.2): posts, replies, votes and reports stored on the
 * server, for Pro users and admins. One schema per shape, read by the routes, the forms and the
 * pages alike. The moderation side (what admins see and do) is moderation.ts.
 */

/** product §15.5's category values, in the order the page lists them. */
export const COMMUNITY_CATEGORY_IDS = ['prospecting', 'closing', 'objections', 'crm', 'career', 'general'] as const;
export type CommunityCategoryId = (typeof COMMUNITY_CATEGORY_IDS)[number];

/** The categories' names and what belongs in each (product §14.1: hard-coded; their counts are live). */
export const COMMUNITY_CATEGORIES: readonly { id: CommunityCategoryId; name: string; description: string }[] = [
  { id: 'prospecting', name: 'Prospecting', description: 'Cold calls, outreach and finding the next conversation.' },
  { id: 'closing', name: 'Closing', description: 'Asking for the business and getting to a yes.' },
  { id: 'objections', name: 'Objections', description: 'Price, timing, "we already have someone" and how to answer.' },
  { id: 'crm', name: 'CRM & Tools', description: 'Pipelines, follow-up systems and the tools that run them.' },
  { id: 'career', name: 'Career', description: 'Quotas, pay, growth and moving up.' },
  { id: 'general', name: 'General', description: 'Everything else about the craft of selling.' },
];

export const categoryName = (id: string) => COMMUNITY_CATEGORIES.find((c) => c.id === id)?.name ?? id;

export const COMMUNITY_SORTS = ['hot', 'new', 'top'] as const;
export type CommunitySort = (typeof COMMUNITY_SORTS)[number];

/** Lengths: a title fits a line or two on a phone; a post a long story; a reply a few paragraphs. */
export const TITLE_MAX = 150;
export const POST_CONTENT_MAX = 10_000;
export const REPLY_CONTENT_MAX = 5_000;
export const REPORT_REASON_MAX = 500;
/** How much of a post the list shows; the post page shows all of it. */
export const EXCERPT_LENGTH = 280;

/** Stats' definitions, shown beside the figures. */
export const ACTIVE_WINDOW_MINUTES = 15;
export const TRENDING_DAYS = 7;
export const POSTS_TODAY_HOURS = 24;

/** product §15.5: the New Post dialog's message when a field is empty. */
export const FILL_ALL_FIELDS = { title: 'Please fill all fields', description: 'Title, content, and category are required to create a post.' } as const;

/** Line breaks are kept (the page shows them); Windows ones are made one kind, and runs of blank lines become one. */
const normalizeBody = (value: string) => value.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
/** A title is one line: any run of spaces, tabs or line breaks becomes one space. */
const normalizeTitle = (value: string) => value.replace(/\s+/g, ' ').trim();

const title = safeString({ error: 'Please enter a title.' })
  .overwrite(normalizeTitle)
  .min(1, 'Please enter a title.')
  .max(TITLE_MAX, `Please keep the title under ${TITLE_MAX} characters.`);
const postContent = safeString({ error: 'Please write your post.' })
  .overwrite(normalizeBody)
  .min(1, 'Please write your post.')
  .max(POST_CONTENT_MAX, `Please keep the post under ${POST_CONTENT_MAX.toLocaleString('en-US')} characters.`);
const category = z.enum(COMMUNITY_CATEGORY_IDS, { error: 'Please choose a category.' });

/** POST /api/community/posts, and PUT /api/community/posts/:id (an author's edit sends all three). */
export const postInputSchema = z.strictObject({ title, content: postContent, category });
export type PostInput = z.infer<typeof postInputSchema>;

/** POST /api/community/posts/:id/replies, PUT /api/community/replies/:id */
export const replyInputSchema = z.strictObject({
  content: safeString({ error: 'Please write a reply.' })
    .overwrite(normalizeBody)
    .min(1, 'Please write a reply.')
    .max(REPLY_CONTENT_MAX, `Please keep the reply under ${REPLY_CONTENT_MAX.toLocaleString('en-US')} characters.`),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

/** PUT /api/community/posts/:id/vote: 1 up, -1 down, 0 takes the vote back. One vote per user per post. */
export const voteInputSchema = z.strictObject({
  value: z.union([z.literal(1), z.literal(-1), z.literal(0)], { error: 'A vote is 1 (up), -1 (down) or 0 (none).' }),
});
export type VoteInput = z.infer<typeof voteInputSchema>;
export type VoteValue = VoteInput['value'];

/** POST /api/community/posts/:id/report and /api/community/replies/:id/report: the reason is optional (the moderator sees it as text). */
export const reportInputSchema = z.strictObject({
  reason: safeString()
    .overwrite(normalizeBody)
    .max(REPORT_REASON_MAX, `Please keep the reason under ${REPORT_REASON_MAX} characters.`)
    .optional(),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const postParamsSchema = z.object({ id: idParam('Invalid post id') });
export const replyParamsSchema = z.object({ id: idParam('Invalid reply id') });

/** GET /api/community/posts: one page of a sort, optionally of one category; `cursor` is the previous page's nextCursor. */
export const postListQuerySchema = z.object({
  sort: z.enum(COMMUNITY_SORTS, { error: 'Sort is hot, new or top.' }).default('hot'),
  category: z.enum(COMMUNITY_CATEGORY_IDS, { error: 'Unknown category.' }).optional(),
  cursor: safeString({ error: 'Invalid cursor' }).max(200, 'Invalid cursor').optional(),
  limit: z.coerce.number({ error: 'Invalid limit' }).int('Invalid limit').min(1, 'Invalid limit').max(50, 'At most 50 at a time').default(20),
});
export type PostListQuery = z.infer<typeof postListQuerySchema>;

/** GET /api/community/posts/:id/replies: oldest first. */
export const replyListQuerySchema = z.object({
  cursor: safeString({ error: 'Invalid cursor' }).max(200, 'Invalid cursor').optional(),
  limit: z.coerce.number({ error: 'Invalid limit' }).int('Invalid limit').min(1, 'Invalid limit').max(100, 'At most 100 at a time').default(50),
});

/** Only the name is public: the forum shows no one's id or email. */
const authorSchema = z.object({ username: z.string() });

const postFields = {
  id: z.number().int(),
  title: z.string(),
  category: z.enum(COMMUNITY_CATEGORY_IDS),
  author: authorSchema,
  createdAt: z.string(),
  /** When the author last edited it, or null. */
  editedAt: z.string().nullable(),
  /** The post's creation or its newest reply. */
  lastActivityAt: z.string(),
  /** Up votes minus down votes. */
  score: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  replyCount: z.number().int(),
  /** Pinned by an admin: first in every sort. */
  pinned: z.boolean(),
  /** Hidden by a moderator: only admins, and on its own page its author, ever receive such a post. */
  hidden: z.boolean(),
  /** The caller's own vote: 1, -1 or 0. */
  myVote: z.number().int(),
  /** The caller wrote it (may edit and delete it). */
  mine: z.boolean(),
};

/** A post in a list: the start of its text only. */
export const postSummarySchema = z.object({
  ...postFields,
  excerpt: z.string(),
  /** The excerpt is shorter than the post. */
  truncated: z.boolean(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postListSchema = z.object({ posts: z.array(postSummarySchema), nextCursor: z.string().nullable() });
export type PostList = z.infer<typeof postListSchema>;

/** GET /api/community/posts/:id: the whole post. */
export const postDetailSchema = z.object({
  ...postFields,
  content: z.string(),
  /** The caller already reported it (one report per user per post). */
  reportedByMe: z.boolean(),
});
export type PostDetail = z.infer<typeof postDetailSchema>;

export const replySchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  content: z.string(),
  author: authorSchema,
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  mine: z.boolean(),
  /** The caller already reported it (one report per user per reply). */
  reportedByMe: z.boolean(),
  /** Hidden by a moderator: only admins ever receive such a reply. */
  hidden: z.boolean(),
});
export type Reply = z.infer<typeof replySchema>;

export const replyListSchema = z.object({ replies: z.array(replySchema), nextCursor: z.string().nullable() });
export type ReplyList = z.infer<typeof replyListSchema>;

/** The post's counts after the vote, and the caller's vote as stored. */
export const voteResultSchema = z.object({
  postId: z.number().int(),
  score: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  myVote: z.number().int(),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

/** A second report of the same post (or reply) by the same user changes nothing and says so. */
export const reportResultSchema = z.object({ reported: z.literal(true), alreadyReported: z.boolean() });
export type ReportResult = z.infer<typeof reportResultSchema>;

export const CONTRIBUTOR_BADGES = ['gold', 'silver', 'bronze'] as const;

/** GET /api/community/overview: the categories with their counts and the sidebar, all from the data. */
export const communityOverviewSchema = z.object({
  categories: z.array(z.object({ id: z.enum(COMMUNITY_CATEGORY_IDS), name: z.string(), description: z.string(), posts: z.number().int() })),
  stats: z.object({
    /** People who have opened the forum at least once. */
    members: z.number().int(),
    /** Members who opened or used the forum in the last ACTIVE_WINDOW_MINUTES minutes. */
    activeNow: z.number().int(),
    /** Posts made in the last POSTS_TODAY_HOURS hours (hidden ones not counted). */
    postsToday: z.number().int(),
    categories: z.number().int(),
  }),
  /** The posts of the last TRENDING_DAYS days with the most votes and replies. */
  trending: z.array(z.object({ id: z.number().int(), title: z.string(), category: z.enum(COMMUNITY_CATEGORY_IDS), score: z.number().int(), replyCount: z.number().int() })),
  /** Authors by the net votes their posts received; the first three get Gold, Silver and Bronze. */
  topContributors: z.array(
    z.object({ username: z.string(), votes: z.number().int(), posts: z.number().int(), badge: z.enum(CONTRIBUTOR_BADGES).nullable() }),
  ),
});
export type CommunityOverview = z.infer<typeof communityOverviewSchema>;

/** POST /api/admin/moderation/posts/:id/pin and /unpin */
export const pinResultSchema = z.object({ id: z.number().int(), pinned: z.boolean() });
export type PinResult = z.infer<typeof pinResultSchema>;
