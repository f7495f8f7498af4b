/**
 * The community module's public surface, for its routes and for other modules. The rules live
 * beside it, one file per concern: posts.ts (lists, a post, writing one), replies.ts, votes.ts,
 * reports.ts, counters.ts (the counts and Hot rank kept on each post, and the post lock),
 * cursor.ts (keyset pages), presence.ts (who is in the forum), overview.ts (categories and the
 * sidebar's stats), moderation.ts (the admins' queue and actions) and account-data.ts (the
 * account's export and deletion).
 */
export { removeCommunityActivity, communityExport } from './account-data.js';
export { HOT_DECAY_SECONDS, hotSql, refreshPostCounters } from './counters.js';
export {
  dismissReplyReports,
  dismissReports,
  hidePost,
  hideReply,
  MODERATION_QUEUE_LIMIT,
  moderationQueue,
  restorePost,
  restoreReply,
  setPinned,
} from './moderation.js';
export { communityOverview } from './overview.js';
export { createPost, deletePost, getPost, listPosts, updatePost } from './posts.js';
export { memberPresence } from './presence.js';
export { createReply, deleteReply, listReplies, updateReply } from './replies.js';
export { reportPost, reportReply } from './reports.js';
export { vote } from './votes.js';
