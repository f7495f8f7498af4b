import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Plus } from 'lucide-react';
import { COMMUNITY_CATEGORY_IDS, COMMUNITY_SORTS, categoryName, type CommunityCategoryId, type CommunitySort } from '#shared/schemas/community';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { cn } from '../../../lib/cn';
import { isPaymentRequired } from '../../../lib/payment-required';
import { toast } from '../../../lib/toast-store';
import { useCreatePost } from '../api/create-post';
import { useCommunityOverview } from '../api/get-overview';
import { usePosts } from '../api/get-posts';
import { CategoryGrid } from '../components/category-grid';
import { CommunityLocked } from '../components/community-locked';
import { CommunitySidebar } from '../components/community-sidebar';
import { PostCard } from '../components/post-card';
import { PostFormDialog } from '../components/post-form-dialog';
import { useCommunityAccess } from '../lib/use-community-access';

const SORT_LABELS: Record<CommunitySort, string> = { hot: 'Hot', new: 'New', top: 'Top' };
const SORT_HINTS: Record<CommunitySort, string> = {
  hot: 'Votes and replies, newer posts first',
  new: 'Newest first',
  top: 'Most votes first',
};

/**
 * The sort and the category live in the address, so Back from a post returns to the same list.
 * Each change is a history entry of its own (issue #25): Back steps through the views the reader
 * chose, and leaves the forum only from the first one. Choosing the view already shown adds none.
 */
function useListParams() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const sortParam = params.get('sort');
  const categoryParam = params.get('category');
  const sort: CommunitySort = (COMMUNITY_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as CommunitySort) : 'hot';
  const category = (COMMUNITY_CATEGORY_IDS as readonly string[]).includes(categoryParam ?? '') ? (categoryParam as CommunityCategoryId) : null;
  const go = (next: { sort?: CommunitySort; category?: CommunityCategoryId | null }) => {
    const out = new URLSearchParams();
    const s = next.sort ?? sort;
    const c = next.category === undefined ? category : next.category;
    if (s !== 'hot') out.set('sort', s);
    if (c) out.set('category', c);
    if (s === sort && c === category) return;
    const query = out.toString();
    navigate(`/community${query ? `?${query}` : ''}`);
  };
  return { sort, category, setSort: (s: CommunitySort) => go({ sort: s }), setCategory: (c: CommunityCategoryId | null) => go({ category: c }) };
}

/**
 * /community (product §9.2): for Pro users and admins the forum (categories with their
 * counts, New Post, Recent Discussions sorted Hot / New / Top, and the sidebar); for everyone
 * else the locked upgrade page, without asking the server for anything it would refuse.
 */
export function CommunityPage() {
  const { user, entitled } = useCommunityAccess();
  const { sort, category, setSort, setCategory } = useListParams();
  const overview = useCommunityOverview(entitled);
  const posts = usePosts(sort, category, entitled);
  const create = useCreatePost();
  const [, navigate] = useLocation();
  const [composing, setComposing] = useState(false);

  if (!user) return null;
  if (!entitled || isPaymentRequired(overview.error) || isPaymentRequired(posts.error)) return <CommunityLocked />;

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-6">
      <div className="min-w-0 space-y-6">
        <section className="space-y-3" aria-labelledby="community-heading">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="space-y-1">
              <h2 id="community-heading" className="text-2xl font-bold tracking-tight text-slate-900">
                Sales Community
              </h2>
              <p className="text-sm text-slate-600">Ask, answer and learn from other reps.</p>
            </div>
            <PostFormDialog
              open={composing}
              onOpenChange={setComposing}
              heading="New Post"
              submitLabel="Publish Post"
              trigger={
                <Button>
                  <Plus className="h-4 w-4" aria-hidden />
                  New Post
                </Button>
              }
              save={async (input) => {
                const post = await create.mutateAsync(input);
                toast({ title: 'Post published', description: 'Your post is live in the community.' });
                navigate(`/community/post/${post.id}`);
              }}
            />
          </div>
        </section>

        <section className="space-y-3" aria-labelledby="categories-heading">
          <h2 id="categories-heading" className="text-lg font-semibold text-slate-900">
            Categories
          </h2>
          <QueryState query={overview} layout="compact" error="The categories could not be loaded.">
            {({ categories }) => <CategoryGrid categories={categories} selected={category} onSelect={setCategory} />}
          </QueryState>
        </section>

        <section className="space-y-3" aria-labelledby="discussions-heading">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="discussions-heading" className="text-lg font-semibold text-slate-900">
              Recent Discussions
              {category && <span className="font-normal text-slate-600"> in {categoryName(category)}</span>}
            </h2>
            <div role="group" aria-label="Sort discussions" className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5">
              {COMMUNITY_SORTS.map((s) => (
                <button
                  key={s}
                  type="button"
                  aria-pressed={sort === s}
                  title={SORT_HINTS[s]}
                  onClick={() => setSort(s)}
                  className={cn(
                    'h-11 min-w-16 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-900',
                    sort === s ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  {SORT_LABELS[s]}
                </button>
              ))}
            </div>
          </div>
          {category && (
            <Button variant="secondary" onClick={() => setCategory(null)}>
              Show all categories
            </Button>
          )}

          <QueryState query={posts} layout="panel" error="The discussions could not be loaded." loading="Loading discussions…">
            {({ pages }) =>
              pages.every((page) => page.posts.length === 0) ? (
                <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
                  No discussions {category ? `in ${categoryName(category)} ` : ''}yet. Start the first one with New Post.
                </p>
              ) : (
                <ul className="space-y-3" aria-label="Discussions" data-testid="post-list">
                  {pages.flatMap((page) => page.posts).map((post) => (
                    <li key={post.id}>
                      <PostCard post={post} />
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
          {posts.hasNextPage && (
            <Button variant="secondary" className="w-full" disabled={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()}>
              {posts.isFetchingNextPage ? 'Loading…' : 'Load more discussions'}
            </Button>
          )}
        </section>
      </div>

      <aside className="mt-6 lg:mt-0" aria-label="About the community">
        <CommunitySidebar overview={overview.data} />
      </aside>
    </div>
  );
}
