// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'wouter';
import { describe, expect, it } from 'vitest';
import type { CommunityOverview, PostDetail, PostList, PostSummary, ReplyList } from '#shared/schemas/community';
import type { User } from '#shared/schemas/user';
import { useCurrentToast } from '../../../lib/toast-store';
import { json, stubFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/make-user';
import { renderWithApp } from '../../../test/render';
import { CommunityPage } from './community-page';
import { PostPage } from './post-page';

const fetchMock = stubFetch();
const XSS = '<img src=x onerror=alert(1)>';

const overview: CommunityOverview = {
  categories: [
    { id: 'prospecting', name: 'Prospecting', description: '', posts: 3 },
    { id: 'closing', name: 'Closing', description: '', posts: 1 },
    { id: 'objections', name: 'Objections', description: '', posts: 0 },
    { id: 'crm', name: 'CRM & Tools', description: '', posts: 0 },
    { id: 'career', name: 'Career', description: '', posts: 0 },
    { id: 'general', name: 'General', description: '', posts: 0 },
  ],
  stats: { members: 12, activeNow: 2, postsToday: 4, categories: 6 },
  trending: [],
  topContributors: [{ username: 'closer_kim', votes: 9, posts: 2, badge: 'gold' }],
};

const summary = (over: Partial<PostSummary> = {}): PostSummary => ({
  id: 1,
  title: 'Opening lines',
  category: 'prospecting',
  author: { username: 'closer_kim' },
  createdAt: new Date().toISOString(),
  editedAt: null,
  lastActivityAt: new Date().toISOString(),
  score: 4,
  upvotes: 4,
  downvotes: 0,
  replyCount: 2,
  pinned: false,
  hidden: false,
  myVote: 0,
  mine: false,
  excerpt: 'First line',
  truncated: false,
  ...over,
});

function ToastProbe() {
  const t = useCurrentToast();
  return t ? <div data-testid="toast">{`${t.title}|${t.description ?? ''}`}</div> : null;
}

function renderAt(path: string, user: User) {
  return renderWithApp(
    <>
      <Route path="/community">
        <CommunityPage />
      </Route>
      <Route path="/community/post/:id">
        <PostPage />
      </Route>
      <ToastProbe />
    </>,
    { path, user },
  ).memory;
}

const pro = () => makeUser({ hasProAccess: true, hasBasicAccess: true });
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

/** Answers the forum's reads by URL; writes get `write`. */
function serve(posts: PostSummary[], write?: (url: string, init?: RequestInit) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method && init.method !== 'GET' && write) return write(url, init);
    if (url.startsWith('/api/community/overview')) return json(overview);
    if (url.startsWith('/api/community/posts?')) return json({ posts, nextCursor: null } satisfies PostList);
    return json({ message: 'not found' }, 404);
  });
}

describe('CommunityPage', () => {
  it.each([
    ['Free or trial', makeUser()],
    ['Basic', makeUser({ hasBasicAccess: true })],
  ])('shows a %s user the locked page and asks the server nothing', (_label, user) => {
    renderAt('/community', user);
    expect(screen.getByRole('heading', { name: 'The Community is a Pro feature' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/upgrade');
    // (The served price list may be read; the forum is not.)
    expect(urls().filter((u) => u.includes('/api/community'))).toEqual([]);
  });

  it('shows the locked page when the server refuses (the plan lapsed)', async () => {
    fetchMock.mockResolvedValue(json({ message: 'The community is part of Pro.', code: 'payment_required' }, 403));
    renderAt('/community', pro());
    expect(await screen.findByRole('heading', { name: 'The Community is a Pro feature' })).toBeTruthy();
  });

  it('shows another 403 (not a plan refusal) as a failed load, not the locked page', async () => {
    fetchMock.mockResolvedValue(json({ message: 'You can only act on your own account.' }, 403));
    renderAt('/community', pro());
    expect(await screen.findByText('The categories could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The Community is a Pro feature' })).toBeNull();
  });

  it('says when the categories cannot be loaded, and Try again loads them', async () => {
    serve([summary()]);
    const served = fetchMock.getMockImplementation();
    fetchMock.mockImplementationOnce(async (input, init) => (String(input).startsWith('/api/community/overview') ? json({ message: 'Something went wrong on our side.' }, 500) : served!(input, init)));
    renderAt('/community', pro());
    expect((await screen.findByRole('alert')).textContent).toBe('The categories could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('category-count-prospecting')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(urls().filter((u) => u.startsWith('/api/community/overview'))).toHaveLength(2);
  });

  it('lists the discussions with their counts, and shows what members typed as text', async () => {
    serve([summary(), summary({ id: 2, title: XSS, excerpt: `${XSS}\n\n\nsecond`, pinned: true, mine: true, score: 0 })]);
    renderAt('/community', pro());
    const list = await screen.findByTestId('post-list');
    const cards = within(list).getAllByTestId('post-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Opening lines' }).getAttribute('href')).toBe('/community/post/1');
    expect(within(cards[0] as HTMLElement).getByText('2 replies')).toBeTruthy();
    // Markup is text: the title and excerpt show it, and no element is made from it.
    expect(within(cards[1] as HTMLElement).getByRole('link', { name: XSS })).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(within(cards[1] as HTMLElement).getByText('Pinned')).toBeTruthy();
    // Your own post: its score, no vote buttons.
    expect(within(cards[1] as HTMLElement).queryByRole('button', { name: 'Upvote' })).toBeNull();
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'Upvote' })).toBeTruthy();
    expect(screen.getByTestId('category-count-prospecting').textContent).toBe('3 posts');
    expect(screen.getByTestId('stat-members').textContent).toBe('12');
    expect(screen.getByTestId('top-contributors').textContent).toContain('Gold');
  });

  it('asks for the sort and the category chosen, and keeps them in the address', async () => {
    serve([summary()]);
    const memory = renderAt('/community', pro());
    await screen.findByTestId('post-list');
    expect(urls().some((u) => u.startsWith('/api/community/posts?sort=hot'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /^New$/ }));
    await waitFor(() => expect(urls().some((u) => u.startsWith('/api/community/posts?sort=new'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /^Closing/ }));
    await waitFor(() => expect(urls().some((u) => u.includes('sort=new') && u.includes('category=closing'))).toBe(true));
    expect(memory.history.at(-1)).toBe('/community?sort=new&category=closing');
  });

  it("says 'Please fill all fields' for an empty New Post and sends nothing", async () => {
    const writes: string[] = [];
    serve([], (url) => {
      writes.push(url);
      return json({}, 500);
    });
    renderAt('/community', pro());
    fireEvent.click(await screen.findByRole('button', { name: 'New Post' }));
    const publish = await screen.findByRole('button', { name: 'Publish Post' });
    fireEvent.click(publish);
    // In the dialog, by the fields and above Publish Post, not in a toast (issue #25).
    await waitFor(() => expect(document.getElementById(publish.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please fill all fieldsTitle, content, and category are required to create a post.'));
    expect(screen.getByText('Please enter a title.')).toBeTruthy();
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(writes).toEqual([]);
  });

  it('votes on the server and says so', async () => {
    serve([summary()], (url, init) => {
      expect(url).toBe('/api/community/posts/1/vote');
      expect(JSON.parse(String(init?.body))).toEqual({ value: 1 });
      return json({ postId: 1, score: 5, upvotes: 5, downvotes: 0, myVote: 1 });
    });
    renderAt('/community', pro());
    const card = (await screen.findAllByTestId('post-card'))[0] as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Upvote' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Upvoted|Your vote has been recorded.'));
    expect(within(card).getByTestId('post-score').textContent).toContain('5');
    expect(within(card).getByRole('button', { name: 'Upvote' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('PostPage', () => {
  const detail: PostDetail = { ...summary({ title: 'Price objection' }), content: `Line one\nLine two ${XSS}`, reportedByMe: false };
  const replies: ReplyList = {
    replies: [
      {
        id: 9,
        postId: 1,
        content: 'Ask what they compare it with.',
        author: { username: 'mentor_max' },
        createdAt: new Date().toISOString(),
        editedAt: null,
        mine: false,
        reportedByMe: false,
        hidden: false,
      },
      { id: 10, postId: 1, content: 'My own two cents.', author: { username: 'me_myself' }, createdAt: new Date().toISOString(), editedAt: null, mine: true, reportedByMe: false, hidden: false },
    ],
    nextCursor: null,
  };

  it('shows the whole post as text with its line breaks, its replies, and Report', async () => {
    fetchMock.mockImplementation(async (input) => (String(input).includes('/replies') ? json(replies) : json(detail)));
    renderAt('/community/post/1', pro());
    const content = await screen.findByTestId('post-content');
    expect(content.textContent).toBe(`Line one\nLine two ${XSS}`);
    expect(document.querySelector('img')).toBeNull();
    expect(await screen.findByText('Ask what they compare it with.')).toBeTruthy();
    expect(screen.getByTestId('replies-heading').textContent).toBe('2 Replies');
    expect(screen.getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it("reports another member's reply with the post's dialog and toast, then says it was reported; never one's own reply", async () => {
    const posted: { url: string; body: unknown }[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST') {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        return json({ reported: true, alreadyReported: false });
      }
      return url.includes('/replies') ? json(replies) : json(detail);
    });
    renderAt('/community/post/1', pro());
    const [theirs, mine] = (await screen.findAllByTestId('reply')) as HTMLElement[];
    if (!theirs || !mine) throw new Error('replies not shown');
    expect(within(mine).queryByRole('button', { name: /Report/ })).toBeNull();
    fireEvent.click(within(theirs).getByRole('button', { name: "Report mentor_max's reply" }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this reply?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: 'Selling <b>stuff</b>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report reply' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Content Reported|Thank you. A moderator will review this reply.'));
    expect(posted).toEqual([{ url: '/api/community/replies/9/report', body: { reason: 'Selling <b>stuff</b>' } }]);
    const done = await within(theirs).findByRole('button', { name: "Reported mentor_max's reply" });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    // The post's own Report is untouched.
    expect((screen.getByRole('button', { name: 'Report' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('marks a hidden reply for the admin who receives it, with no Report', async () => {
    const hiddenReplies: ReplyList = { replies: [{ ...replies.replies[0]!, hidden: true }], nextCursor: null };
    fetchMock.mockImplementation(async (input) => (String(input).includes('/replies') ? json(hiddenReplies) : json(detail)));
    renderAt('/community/post/1', makeUser({ hasProAccess: true, hasBasicAccess: true, isAdmin: true }));
    const item = await screen.findByTestId('reply');
    expect(within(item).getByText('Hidden by a moderator')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it('says when the replies cannot be loaded, under the post, and Try again loads them', async () => {
    let failReplies = true;
    fetchMock.mockImplementation(async (input) => {
      if (!String(input).includes('/replies')) return json(detail);
      if (failReplies) return json({ message: 'Something went wrong on our side.' }, 500);
      return json(replies);
    });
    renderAt('/community/post/1', pro());
    expect((await screen.findByRole('alert')).textContent).toBe('The replies could not be loaded.');
    expect(screen.getByTestId('post-content')).toBeTruthy();
    failReplies = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ask what they compare it with.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a post that does not exist was not found', async () => {
    fetchMock.mockResolvedValue(json({ message: 'This post does not exist or was removed.' }, 404));
    renderAt('/community/post/77', pro());
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the community' }).getAttribute('href')).toBe('/community');
  });

  it('locks the post on a plan refusal, and shows any other 403 as a failed load with Try again', async () => {
    fetchMock.mockResolvedValue(json({ message: 'The community is part of Pro.', code: 'payment_required' }, 403));
    renderAt('/community/post/1', pro());
    expect(await screen.findByRole('heading', { name: 'The Community is a Pro feature' })).toBeTruthy();
    cleanup();

    fetchMock.mockResolvedValue(json({ message: 'You can only act on your own account.' }, 403));
    renderAt('/community/post/1', pro());
    expect((await screen.findByRole('alert')).textContent).toBe('The post could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The Community is a Pro feature' })).toBeNull();
  });
});
