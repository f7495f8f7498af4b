import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PostDetail, PostList, VoteResult, VoteValue } from '#shared/schemas/community';
import { apiRequest } from '../../../lib/api-client';
import { overviewKey, postKey, postListsKey } from './keys';

/**
 * PUT /api/community/posts/:id/vote. The new counts are written into the post's page and into
 * every list already loaded where it is, without reordering them under the reader's finger; the
 * next visit to a list shows the new order.
 */
export function useVotePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, value }: { postId: number; value: VoteValue }) => apiRequest<VoteResult>('PUT', `/api/community/posts/${postId}/vote`, { value }),
    onSuccess: async (result) => {
      const counts = { score: result.score, upvotes: result.upvotes, downvotes: result.downvotes, myVote: result.myVote };
      qc.setQueryData<PostDetail>(postKey(result.postId), (post) => (post ? { ...post, ...counts } : post));
      qc.setQueriesData<InfiniteData<PostList>>({ queryKey: postListsKey }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.map((p) => (p.id === result.postId ? { ...p, ...counts } : p)) })) } : data,
      );
      await qc.invalidateQueries({ queryKey: overviewKey });
    },
  });
}
