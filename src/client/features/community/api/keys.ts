import type { CommunitySort } from '#shared/schemas/community';

/**
 * The forum's query keys, all under one prefix so a new post or reply can refresh every
 * list, count and page that might show it at once.
 */
export const communityKey = ['/api/community'] as const;
export const overviewKey = [...communityKey, 'overview'] as const;
export const postListsKey = [...communityKey, 'posts'] as const;
export const postListKey = (sort: CommunitySort, category: string | null) => [...postListsKey, { sort, category }] as const;
export const postKey = (id: number) => [...communityKey, 'post', id] as const;
export const repliesKey = (postId: number) => [...communityKey, 'post', postId, 'replies'] as const;
