import { z } from 'zod';
import { idParam } from './primitives.js';

/*
 * The contract between the community forum (issue #15: it stores posts and their reports) and
 * the admin panel's Moderation tab (issue #16: it shows them and acts on them). Written first so
 * both sides build against one shape. Routes, all inside the admin scope (`/api/admin`, signed-in
 * unlocked admins only):
 *   GET  /api/admin/moderation/reports?status=open|all   → moderationQueueSchema
 *   POST /api/admin/moderation/posts/:id/hide             → moderationPostSchema
 *   POST /api/admin/moderation/posts/:id/restore          → moderationPostSchema
 *   POST /api/admin/moderation/posts/:id/dismiss-reports  → moderationPostSchema
 *   POST /api/admin/moderation/replies/:id/hide|restore|dismiss-reports → moderationReplySchema
 * A hidden post disappears for everyone but admins (lists, counts, its own page: 404), except that
 * its author still reads its page, marked hidden (issue #25); restoring
 * brings it back as it was. Dismissing closes the post's open reports without hiding it. Either
 * decision takes the post out of the open queue.
 */

export const MODERATION_QUEUE_STATUSES = ['open', 'all'] as const;

export const moderationQueueQuerySchema = z.object({
  /** open: visible posts with at least one report not yet dismissed, i.e. awaiting a decision (default); all: every reported post. */
  status: z.enum(MODERATION_QUEUE_STATUSES).default('open'),
});

export const moderationReportSchema = z.object({
  id: z.number().int(),
  reporter: z.object({ id: z.number().int(), username: z.string() }),
  /** What the reporter wrote, possibly empty. Shown as text. */
  reason: z.string(),
  createdAt: z.string(),
  /** When an admin dismissed it, or null while open. */
  dismissedAt: z.string().nullable(),
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;

/** A reported post as the moderator sees it: the whole text, hidden or not, with its reports. */
export const moderationPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  category: z.string(),
  author: z.object({ id: z.number().int(), username: z.string() }),
  createdAt: z.string(),
  hidden: z.boolean(),
  openReportCount: z.number().int(),
  reports: z.array(moderationReportSchema),
});
export type ModerationPost = z.infer<typeof moderationPostSchema>;

/**
 * A reported reply as the moderator sees it: the post it belongs to (whose title links to its
 * page), the whole text, hidden or not, with its reports. The same rules as a post's.
 */
export const moderationReplySchema = z.object({
  id: z.number().int(),
  /** The post it is under; a hidden post hides its replies with it. */
  post: z.object({ id: z.number().int(), title: z.string(), hidden: z.boolean() }),
  content: z.string(),
  author: z.object({ id: z.number().int(), username: z.string() }),
  createdAt: z.string(),
  hidden: z.boolean(),
  openReportCount: z.number().int(),
  reports: z.array(moderationReportSchema),
});
export type ModerationReply = z.infer<typeof moderationReplySchema>;

/** Each list: most open reports first, then the newest report. */
export const moderationQueueSchema = z.object({ posts: z.array(moderationPostSchema), replies: z.array(moderationReplySchema) });
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

export const moderationPostParamsSchema = z.object({ id: idParam('Invalid post id') });
export const moderationReplyParamsSchema = z.object({ id: idParam('Invalid reply id') });
