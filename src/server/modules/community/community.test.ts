import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunityOverview, PostDetail, PostList, ReplyList } from '#shared/schemas/community.js';
import { forumMembers, forumPosts, forumReplies, forumReplyReports, forumReports, forumVotes, users } from '../../db/schema/index.js';
import { subscribe } from '../../test/billing.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { COMMUNITY_LIMITS } from './routes.js';
import { HOT_DECAY_SECONDS } from './service.js';
import { adminUser, aPost, call as callOn, createPost as createOn, freeUser, proUser as proOn, reply as replyOn, voteOn as voteWith, type Method } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const HOUR = 60 * 60 * 1000;
const call = (method: Method, url: string, cookie?: string, payload?: unknown) => callOn(t, method, url, cookie, payload);
const proUser = () => proOn(t);
const createPost = (u: SignedInUser, over: Parameters<typeof aPost>[0] = {}) => createOn(t, u, over);
const reply = (u: SignedInUser, postId: number, content?: string) => replyOn(t, u, postId, content);
const voteOn = (u: SignedInUser, postId: number, value: 1 | -1 | 0) => voteWith(t, u, postId, value);

const list = async (u: SignedInUser, query = '') => {
  const res = await call('GET', `/api/community/posts${query}`, u.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostList>();
};
const getPost = async (u: SignedInUser, id: number) => {
  const res = await call('GET', `/api/community/posts/${id}`, u.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostDetail>();
};

describe('Pro gating: every community route', () => {
  /** Every route with a valid request; `:post` and `:reply` stand for rows the Pro author made. */
  const ROUTES: { method: Method; url: string; body?: object; ok: number }[] = [
    { method: 'GET', url: '/api/community/overview', ok: 200 },
    { method: 'GET', url: '/api/community/posts?sort=new', ok: 200 },
    { method: 'POST', url: '/api/community/posts', body: aPost(), ok: 201 },
    { method: 'GET', url: '/api/community/posts/:post', ok: 200 },
    { method: 'PUT', url: '/api/community/posts/:own', body: aPost(), ok: 200 },
    { method: 'PUT', url: '/api/community/posts/:post/vote', body: { value: 1 }, ok: 200 },
    { method: 'POST', url: '/api/community/posts/:post/report', body: { reason: 'spam' }, ok: 200 },
    { method: 'GET', url: '/api/community/posts/:post/replies', ok: 200 },
    { method: 'POST', url: '/api/community/posts/:post/replies', body: { content: 'Agreed.' }, ok: 201 },
    { method: 'POST', url: '/api/community/replies/:theirs/report', body: { reason: 'spam' }, ok: 200 },
    { method: 'PUT', url: '/api/community/replies/:reply', body: { content: 'Edited.' }, ok: 200 },
    { method: 'DELETE', url: '/api/community/replies/:reply', ok: 200 },
    { method: 'DELETE', url: '/api/community/posts/:own', ok: 200 },
  ];

  /** A post and a reply by someone else to read, vote and report; the caller's own post and reply to edit and delete. */
  async function fixtures(caller: SignedInUser | null) {
    const author = await proUser();
    const post = await createPost(author);
    const theirs = await reply(author, post.id, 'Their reply');
    // Rows the caller would own, made as they would be if the caller were entitled: straight in the database.
    const ownerId = caller?.user.id ?? author.user.id;
    const [own] = await t.db.insert(forumPosts).values({ authorId: ownerId, title: 'Mine', content: 'Mine', category: 'general' }).returning();
    const [ownReply] = await t.db.insert(forumReplies).values({ postId: post.id, authorId: ownerId, content: 'Mine' }).returning();
    if (!own || !ownReply) throw new Error('fixtures not made');
    return (url: string) =>
      url.replace(':post', String(post.id)).replace(':own', String(own.id)).replace(':reply', String(ownReply.id)).replace(':theirs', String(theirs.id));
  }

  const forumRowsBy = async (userId: number) => ({
    posts: (await t.db.select().from(forumPosts).where(eq(forumPosts.authorId, userId))).map((p) => ({ title: p.title, content: p.content, category: p.category, editedAt: p.editedAt })),
    replies: (await t.db.select().from(forumReplies).where(eq(forumReplies.authorId, userId))).map((r) => ({ content: r.content, editedAt: r.editedAt })),
    votes: await t.db.select().from(forumVotes).where(eq(forumVotes.userId, userId)),
    reports: await t.db.select().from(forumReports).where(eq(forumReports.reporterId, userId)),
    replyReports: await t.db.select().from(forumReplyReports).where(eq(forumReplyReports.reporterId, userId)),
    member: await t.db.select().from(forumMembers).where(eq(forumMembers.userId, userId)),
  });

  it('answers 401 on every route when signed out', async () => {
    const path = await fixtures(null);
    for (const r of ROUTES) {
      const res = await call(r.method, path(r.url), undefined, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it.each([
    ['on the free trial', () => makeUser(t.app)],
    ['on Free', () => freeUser(t)],
    ['on Basic', async () => {
      const u = await makeUser(t.app);
      await subscribe(t, u, 'basic');
      return u;
    }],
  ])('refuses a user %s with 403 payment_required on every route, even with a bad body, and changes nothing', async (_label, make) => {
    const u = await make();
    const path = await fixtures(u);
    const before = await forumRowsBy(u.user.id);
    for (const r of [...ROUTES, { method: 'POST' as const, url: '/api/community/posts', body: { junk: '<b>' }, ok: 0 }]) {
      const res = await call(r.method, path(r.url), u.cookie, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'payment_required', message: expect.stringMatching(/Pro/) });
    }
    expect(await forumRowsBy(u.user.id)).toEqual(before);
    expect(before.member).toEqual([]);
  });

  it.each([
    ['Pro (a paid subscription through the sandbox checkout)', async () => {
      const u = await makeUser(t.app);
      await subscribe(t, u, 'pro');
      return u;
    }],
    ['an admin', () => adminUser(t)],
  ])('lets %s use every route', async (_label, make) => {
    const u = await make();
    const path = await fixtures(u);
    for (const r of ROUTES) {
      const res = await call(r.method, path(r.url), u.cookie, r.body);
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(r.ok);
    }
  });

  it('shuts the door when Pro runs out', async () => {
    const u = await proUser();
    expect((await call('GET', '/api/community/overview', u.cookie)).statusCode).toBe(200);
    await t.db.update(users).set({ proUntil: new Date(t.clock.now().getTime() - 1000) }).where(eq(users.id, u.user.id));
    expect((await call('GET', '/api/community/overview', u.cookie)).statusCode).toBe(403);
  });
});

describe('posts', () => {
  it('are created, read and listed as stored, with the author named and nothing private', async () => {
    const author = await proUser();
    const reader = await proUser();
    const post = await createPost(author, { title: '  Price objection\n at the close ', content: 'They said "too expensive".\r\n\r\n\r\n\r\nThen silence.', category: 'objections' });
    expect(post).toMatchObject({
      title: 'Price objection at the close',
      content: 'They said "too expensive".\n\nThen silence.',
      category: 'objections',
      author: { username: author.user.username },
      createdAt: t.clock.now().toISOString(),
      editedAt: null,
      lastActivityAt: t.clock.now().toISOString(),
      score: 0,
      upvotes: 0,
      downvotes: 0,
      replyCount: 0,
      pinned: false,
      hidden: false,
      myVote: 0,
      mine: true,
      reportedByMe: false,
    });
    const seen = await getPost(reader, post.id);
    expect(seen).toEqual({ ...post, mine: false });
    expect(JSON.stringify(seen)).not.toContain(author.user.email);
    expect(Object.keys(seen.author)).toEqual(['username']);

    const { posts } = await list(reader, '?sort=new');
    expect(posts[0]).toMatchObject({ id: post.id, excerpt: post.content, truncated: false, mine: false });
  });

  it('shows the start of a long post in lists and all of it on its page', async () => {
    const u = await proUser();
    const content = 'x'.repeat(280) + 'TAIL';
    const post = await createPost(u, { content });
    const item = (await list(u, '?sort=new')).posts.find((p) => p.id === post.id);
    expect(item).toMatchObject({ excerpt: 'x'.repeat(280), truncated: true });
    expect((await getPost(u, post.id)).content).toBe(content);
  });

  it('refuses incomplete, oversized or unsafe input with 400 naming the field, and stores nothing', async () => {
    const u = await proUser();
    const bad: [unknown, string][] = [
      [{ title: '', content: 'x', category: 'general' }, 'title'],
      [{ title: '   ', content: 'x', category: 'general' }, 'title'],
      [{ title: 'x', content: ' \n ', category: 'general' }, 'content'],
      [{ title: 'x', content: 'x', category: '' }, 'category'],
      [{ title: 'x', content: 'x', category: 'random' }, 'category'],
      [{ title: 'x', content: 'x' }, 'category'],
      [{ title: 'x'.repeat(151), content: 'x', category: 'general' }, 'title'],
      [{ title: 'x', content: 'x'.repeat(10_001), category: 'general' }, 'content'],
      [{ title: 'x', content: 'a\u202Eb', category: 'general' }, 'content'],
      [{ title: 'x\u0000', content: 'x', category: 'general' }, 'title'],
      [{ title: 'x', content: 'x', category: 'general', pinned: true }, '_'],
    ];
    for (const [payload, field] of bad) {
      const res = await call('POST', '/api/community/posts', u.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
    const empty = await call('POST', '/api/community/posts', u.cookie, { title: '', content: '', category: '' });
    expect(empty.json().errors).toEqual({ title: ['Please enter a title.'], content: ['Please write your post.'], category: ['Please choose a category.'] });
    expect(await t.db.select().from(forumPosts).where(eq(forumPosts.authorId, u.user.id))).toEqual([]);
  });

  it('gives back stored-XSS payloads as the same inert text, in JSON', async () => {
    const u = await proUser();
    const payloads = [
      '<img src=x onerror=alert(1)>',
      '<script>alert(document.cookie)</script>',
      '"><svg onload=alert(1)>',
      'javascript:alert(1)',
      '<a href="javascript:alert(1)">click</a> &lt;b&gt;',
    ];
    for (const text of payloads) {
      const res = await call('POST', '/api/community/posts', u.cookie, { title: text, content: `${text}\n${text}`, category: 'general' });
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const post = res.json<PostDetail>();
      // Stored and answered exactly as typed: not escaped twice, not stripped, never markup.
      expect(post.title).toBe(text);
      expect(post.content).toBe(`${text}\n${text}`);
      const r = await call('POST', `/api/community/posts/${post.id}/replies`, u.cookie, { content: text });
      expect(r.json().content).toBe(text);
      const read = await call('GET', `/api/community/posts/${post.id}`, u.cookie);
      expect(read.headers['content-type']).toMatch(/^application\/json/);
      expect(read.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('are edited and deleted by their author only; anyone else, admins included, gets 404 and changes nothing', async () => {
    const author = await proUser();
    const other = await proUser();
    const admin = await adminUser(t);
    const post = await createPost(author, { title: 'Original', content: 'Original text', category: 'closing' });
    const replyRow = await reply(other, post.id);

    for (const u of [other, admin]) {
      expect((await call('PUT', `/api/community/posts/${post.id}`, u.cookie, aPost({ title: 'Hijacked' }))).statusCode).toBe(404);
      expect((await call('DELETE', `/api/community/posts/${post.id}`, u.cookie)).statusCode).toBe(404);
    }
    // The reply's author is `other`: the post's author cannot touch it either.
    for (const u of [author, admin]) {
      expect((await call('PUT', `/api/community/replies/${replyRow.id}`, u.cookie, { content: 'Hijacked' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/community/replies/${replyRow.id}`, u.cookie)).statusCode).toBe(404);
    }
    expect(await getPost(author, post.id)).toMatchObject({ title: 'Original', content: 'Original text', editedAt: null, replyCount: 1 });
    const replies = (await call('GET', `/api/community/posts/${post.id}/replies`, author.cookie)).json<ReplyList>().replies;
    expect(replies).toEqual([{ ...replyRow, mine: false }]);

    t.clock.advance(60_000);
    const edited = await call('PUT', `/api/community/posts/${post.id}`, author.cookie, { title: 'Better title', content: 'Clearer text', category: 'objections' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Better title', content: 'Clearer text', category: 'objections', editedAt: t.clock.now().toISOString() });
    const editedReply = await call('PUT', `/api/community/replies/${replyRow.id}`, other.cookie, { content: 'Better reply' });
    expect(editedReply.json()).toMatchObject({ content: 'Better reply', editedAt: t.clock.now().toISOString(), mine: true });

    expect((await call('DELETE', `/api/community/replies/${replyRow.id}`, other.cookie)).statusCode).toBe(200);
    expect((await getPost(author, post.id)).replyCount).toBe(0);
    expect((await call('DELETE', `/api/community/posts/${post.id}`, author.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/community/posts/${post.id}`, author.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/community/posts/${post.id}`, author.cookie)).statusCode).toBe(404);
  });

  it('answers 404 for posts and replies that do not exist, and 400 for ids that cannot', async () => {
    const u = await proUser();
    expect((await call('GET', '/api/community/posts/999999', u.cookie)).statusCode).toBe(404);
    expect((await call('PUT', '/api/community/posts/999999/vote', u.cookie, { value: 1 })).statusCode).toBe(404);
    expect((await call('POST', '/api/community/posts/999999/replies', u.cookie, { content: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/api/community/posts/999999/replies', u.cookie)).statusCode).toBe(404);
    expect((await call('PUT', '/api/community/replies/999999', u.cookie, { content: 'x' })).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await call('GET', `/api/community/posts/${id}`, u.cookie)).statusCode, id).toBe(400);
    }
  });

  it(`limits each user to ${COMMUNITY_LIMITS.posts.max} posts an hour (429 with Retry-After), then lets them post again`, async () => {
    const u = await proUser();
    for (let i = 0; i < COMMUNITY_LIMITS.posts.max; i++) await createPost(u);
    const refused = await call('POST', '/api/community/posts', u.cookie, aPost());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/wait \d+ minute/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.select().from(forumPosts).where(eq(forumPosts.authorId, u.user.id))).toHaveLength(COMMUNITY_LIMITS.posts.max);
    // Someone else is not held back.
    await createPost(await proUser());
    t.clock.advance(HOUR + 1000);
    await createPost(u);
  });

  it(`limits replies too (${COMMUNITY_LIMITS.replies.max} an hour)`, async () => {
    const u = await proUser();
    const post = await createPost(await proUser());
    await t.db.insert(forumReplies).values({ postId: post.id, authorId: u.user.id, content: 'seed' });
    for (let i = 0; i < COMMUNITY_LIMITS.replies.max; i++) {
      const res = await call('POST', `/api/community/posts/${post.id}/replies`, u.cookie, { content: `reply ${i}` });
      expect(res.statusCode).toBe(201);
    }
    expect((await call('POST', `/api/community/posts/${post.id}/replies`, u.cookie, { content: 'one more' })).statusCode).toBe(429);
    expect((await getPost(u, post.id)).replyCount).toBe(COMMUNITY_LIMITS.replies.max + 1);
  });
});

describe('votes', () => {
  it('are one per user per post, changeable and withdrawable, with the counts kept exact', async () => {
    const author = await proUser();
    const a = await proUser();
    const b = await proUser();
    const post = await createPost(author);
    expect(await voteOn(a, post.id, 1)).toMatchObject({ score: 1, upvotes: 1, downvotes: 0, myVote: 1 });
    expect(await voteOn(a, post.id, 1)).toMatchObject({ score: 1, upvotes: 1, myVote: 1 });
    expect(await voteOn(b, post.id, -1)).toMatchObject({ score: 0, upvotes: 1, downvotes: 1, myVote: -1 });
    expect(await voteOn(a, post.id, -1)).toMatchObject({ score: -2, upvotes: 0, downvotes: 2, myVote: -1 });
    expect(await voteOn(b, post.id, 0)).toMatchObject({ score: -1, upvotes: 0, downvotes: 1, myVote: 0 });
    expect(await voteOn(b, post.id, 0)).toMatchObject({ score: -1, myVote: 0 });
    expect(await t.db.select().from(forumVotes).where(eq(forumVotes.postId, post.id))).toHaveLength(1);
    expect(await getPost(a, post.id)).toMatchObject({ score: -1, myVote: -1 });
    expect(await getPost(b, post.id)).toMatchObject({ score: -1, myVote: 0 });
    expect((await list(a, '?sort=new')).posts.find((p) => p.id === post.id)).toMatchObject({ score: -1, myVote: -1 });
  });

  it('refuses a vote on your own post and anything but 1, -1 or 0', async () => {
    const author = await proUser();
    const post = await createPost(author);
    const own = await call('PUT', `/api/community/posts/${post.id}/vote`, author.cookie, { value: 1 });
    expect(own.statusCode).toBe(403);
    for (const body of [{ value: 2 }, { value: '1' }, {}, { value: 1, extra: 1 }]) {
      const res = await call('PUT', `/api/community/posts/${post.id}/vote`, (await proUser()).cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toBeDefined();
    }
    expect(await t.db.select().from(forumVotes).where(eq(forumVotes.postId, post.id))).toEqual([]);
  });

  it('stay one per user under 20 concurrent votes from one user, and count all 20 from 20 users', async () => {
    const author = await proUser();
    const voter = await proUser();
    const post = await createPost(author);
    const values = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? -1 : 1) as 1 | -1);
    const results = await Promise.all(values.map((value) => call('PUT', `/api/community/posts/${post.id}/vote`, voter.cookie, { value })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.db.select().from(forumVotes).where(eq(forumVotes.postId, post.id));
    expect(rows).toHaveLength(1);
    const stored = rows[0]?.value;
    expect(await getPost(author, post.id)).toMatchObject({ score: stored, upvotes: stored === 1 ? 1 : 0, downvotes: stored === -1 ? 1 : 0 });

    const crowd = await Promise.all(Array.from({ length: 20 }, () => proUser()));
    const second = await createPost(author);
    const many = await Promise.all(crowd.map((u) => call('PUT', `/api/community/posts/${second.id}/vote`, u.cookie, { value: 1 })));
    expect(many.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await getPost(author, second.id)).toMatchObject({ score: 20, upvotes: 20, downvotes: 0 });
    // And the same crowd changing their minds at once.
    await Promise.all(crowd.slice(0, 5).map((u) => call('PUT', `/api/community/posts/${second.id}/vote`, u.cookie, { value: -1 })));
    expect(await getPost(author, second.id)).toMatchObject({ score: 10, upvotes: 15, downvotes: 5 });
  });
});

describe('reports', () => {
  it('are kept once per user per post, reach the moderation queue, and cannot be made on your own post', async () => {
    const author = await proUser();
    const reporter = await proUser();
    const admin = await adminUser(t);
    const post = await createPost(author);
    const first = await call('POST', `/api/community/posts/${post.id}/report`, reporter.cookie, { reason: 'Selling a course <b>spam</b>' });
    expect(first.json()).toEqual({ reported: true, alreadyReported: false });
    const again = await call('POST', `/api/community/posts/${post.id}/report`, reporter.cookie, { reason: 'again' });
    expect(again.json()).toEqual({ reported: true, alreadyReported: true });
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => call('POST', `/api/community/posts/${post.id}/report`, reporter.cookie)));
    expect(concurrent.map((r) => r.json().alreadyReported)).toEqual(Array(5).fill(true));
    expect(await t.db.select().from(forumReports).where(eq(forumReports.postId, post.id))).toHaveLength(1);
    expect((await getPost(reporter, post.id)).reportedByMe).toBe(true);
    expect((await getPost(author, post.id)).reportedByMe).toBe(false);

    expect((await call('POST', `/api/community/posts/${post.id}/report`, author.cookie, {})).statusCode).toBe(403);

    const queue = await call('GET', '/api/admin/moderation/reports', admin.cookie);
    expect(queue.statusCode).toBe(200);
    const item = queue.json().posts.find((p: { id: number }) => p.id === post.id);
    expect(item).toMatchObject({ openReportCount: 1, hidden: false, reports: [{ reporter: { username: reporter.user.username }, reason: 'Selling a course <b>spam</b>', dismissedAt: null }] });
  });
});

describe('replies', () => {
  it('count as the post\'s activity and come oldest first, a page at a time', async () => {
    const author = await proUser();
    const other = await proUser();
    const post = await createPost(author);
    const made = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      made.push(await reply(i % 2 ? author : other, post.id, `Reply ${i}\nwith a second line`));
    }
    expect(await getPost(other, post.id)).toMatchObject({ replyCount: 5, lastActivityAt: t.clock.now().toISOString() });
    const first = (await call('GET', `/api/community/posts/${post.id}/replies?limit=2`, other.cookie)).json<ReplyList>();
    expect(first.replies.map((r) => r.content)).toEqual(['Reply 0\nwith a second line', 'Reply 1\nwith a second line']);
    expect(first.replies.map((r) => r.mine)).toEqual([true, false]);
    const second = (await call('GET', `/api/community/posts/${post.id}/replies?limit=2&cursor=${first.nextCursor}`, other.cookie)).json<ReplyList>();
    const third = (await call('GET', `/api/community/posts/${post.id}/replies?limit=2&cursor=${second.nextCursor}`, other.cookie)).json<ReplyList>();
    expect([...first.replies, ...second.replies, ...third.replies].map((r) => r.id)).toEqual(made.map((r) => r.id));
    expect(third.nextCursor).toBeNull();
    expect((await call('POST', `/api/community/posts/${post.id}/replies`, other.cookie, { content: '' })).statusCode).toBe(400);
    expect((await call('POST', `/api/community/posts/${post.id}/replies`, other.cookie, { content: 'x'.repeat(5001) })).statusCode).toBe(400);
  });
});

describe('Recent Discussions: Hot, New and Top', () => {
  it('order by time, votes, and votes and replies decayed by age, with pinned posts first in each', async () => {
    const t2 = await buildTestApp();
    try {
      const pro = () => proOn(t2);
      const [author, v1, v2, v3] = await Promise.all([pro(), pro(), pro(), pro()]);
      const post = (title: string) => createOn(t2, author, { title, category: 'closing' });
      const up = (u: SignedInUser, id: number, value: 1 | -1) => voteWith(t2, u, id, value);
      // old: three votes, two days ago. fresh: one vote now. newest: nothing, a second later. sunk: voted down.
      const old = await post('old');
      for (const u of [v1, v2, v3]) await up(u, old.id, 1);
      t2.clock.advance(48 * HOUR);
      const sunk = await post('sunk');
      await up(v1, sunk.id, -1);
      const fresh = await post('fresh');
      await up(v1, fresh.id, 1);
      t2.clock.advance(1000);
      const newest = await post('newest');
      const inT2 = async (sort: string) => (await callOn(t2, 'GET', `/api/community/posts?sort=${sort}`, author.cookie)).json<PostList>().posts.map((p) => p.title);
      expect(await inT2('new')).toEqual(['newest', 'fresh', 'sunk', 'old']);
      expect(await inT2('top')).toEqual(['old', 'fresh', 'newest', 'sunk']);
      expect(await inT2('hot')).toEqual(['fresh', 'newest', 'sunk', 'old']);
      // A reply counts twice a vote: newest with one reply passes fresh with one vote.
      await replyOn(t2, v2, newest.id);
      expect(await inT2('hot')).toEqual(['newest', 'fresh', 'sunk', 'old']);
      // Hot is the documented formula, stored on the row.
      const [row] = await t2.db.select().from(forumPosts).where(eq(forumPosts.id, old.id));
      const a = 3;
      expect(row?.hot).toBeCloseTo(Math.log10(1 + a) + (row?.createdAt.getTime() ?? 0) / 1000 / HOT_DECAY_SECONDS, 9);

      // An admin pins the old post: first in every sort.
      const admin = await adminUser(t2);
      expect((await callOn(t2, 'POST', `/api/admin/moderation/posts/${old.id}/pin`, admin.cookie)).json()).toEqual({ id: old.id, pinned: true });
      expect(await inT2('new')).toEqual(['old', 'newest', 'fresh', 'sunk']);
      expect(await inT2('top')).toEqual(['old', 'fresh', 'newest', 'sunk']);
      expect(await inT2('hot')).toEqual(['old', 'newest', 'fresh', 'sunk']);
      const listed = (await callOn(t2, 'GET', '/api/community/posts?sort=hot', author.cookie)).json<PostList>().posts[0];
      expect(listed).toMatchObject({ title: 'old', pinned: true });
      await callOn(t2, 'POST', `/api/admin/moderation/posts/${old.id}/unpin`, admin.cookie);
      expect(await inT2('new')).toEqual(['newest', 'fresh', 'sunk', 'old']);
    } finally {
      await t2.close();
    }
  });

  it('page through every post once with the cursor, in each sort and within a category', async () => {
    const t3 = await buildTestApp();
    try {
      const author = await proOn(t3);
      const voter = await proOn(t3);
      // Straight in the database (the posting limit would stop 45 through the API), votes through it.
      const rows = await t3.db
        .insert(forumPosts)
        .values(Array.from({ length: 45 }, (_, i) => ({ authorId: author.user.id, title: `p${i}`, content: 'c', category: i % 3 === 0 ? ('crm' as const) : ('general' as const), createdAt: new Date(t3.clock.now().getTime() - (45 - i) * 60_000) })))
        .returning({ id: forumPosts.id });
      for (const r of rows.filter((_, i) => i % 4 === 0)) await voteWith(t3, voter, r.id, 1);
      await callOn(t3, 'POST', `/api/admin/moderation/posts/${rows[7]?.id}/pin`, (await adminUser(t3)).cookie);
      for (const sort of ['new', 'top', 'hot']) {
        for (const category of ['', '&category=crm']) {
          const seen: number[] = [];
          let cursor: string | null = null;
          let pages = 0;
          do {
            const res = await callOn(t3, 'GET', `/api/community/posts?sort=${sort}&limit=10${category}${cursor ? `&cursor=${cursor}` : ''}`, author.cookie);
            expect(res.statusCode, res.body).toBe(200);
            const page = res.json<PostList>();
            seen.push(...page.posts.map((p) => p.id));
            cursor = page.nextCursor;
            pages++;
          } while (cursor && pages < 20);
          const expected = category ? 15 : 45;
          expect(seen, `${sort}${category}`).toHaveLength(expected);
          expect(new Set(seen).size, `${sort}${category}`).toBe(expected);
          // The pinned post (not in crm) leads the unfiltered list only.
          expect(seen[0] === rows[7]?.id, `${sort}${category}`).toBe(!category);
        }
      }
      for (const cursor of ['nope', Buffer.from('[1,2]').toString('base64url'), Buffer.from('[3,0,1]').toString('base64url'), Buffer.from('{"a":1}').toString('base64url')]) {
        const res = await callOn(t3, 'GET', `/api/community/posts?sort=top&cursor=${cursor}`, author.cookie);
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json().errors).toHaveProperty('cursor');
      }
      for (const query of ['?sort=best', '?category=sports', '?limit=0', '?limit=51']) {
        expect((await callOn(t3, 'GET', `/api/community/posts${query}`, author.cookie)).statusCode, query).toBe(400);
      }
    } finally {
      await t3.close();
    }
  });
});

describe('overview: categories and the sidebar', () => {
  it('counts from the data: posts per category, members, active in the last 15 minutes, posts today, trending, top contributors', async () => {
    const t4 = await buildTestApp();
    try {
      const pro = () => proOn(t4);
      const [a, b, c, reader] = await Promise.all([pro(), pro(), pro(), pro()]);
      const post = (u: SignedInUser, category: 'crm' | 'career' | 'general', title = 'x') => createOn(t4, u, { category, title });
      const view = async (u: SignedInUser) => (await callOn(t4, 'GET', '/api/community/overview', u.cookie)).json<CommunityOverview>();

      // Eight days ago: counted in its category, but neither today nor trending.
      const ancient = await post(a, 'career', 'ancient');
      await voteWith(t4, b, ancient.id, 1);
      await voteWith(t4, c, ancient.id, 1);
      t4.clock.advance(8 * 24 * HOUR);
      const hot = await post(b, 'crm', 'hot one');
      await voteWith(t4, a, hot.id, 1);
      await replyOn(t4, c, hot.id);
      const quiet = await post(c, 'general', 'quiet');
      await voteWith(t4, a, quiet.id, -1);
      const mild = await post(c, 'general', 'mild');
      await voteWith(t4, b, mild.id, 1);

      const o = await view(reader);
      expect(o.categories.map((x) => [x.id, x.posts])).toEqual([
        ['prospecting', 0],
        ['closing', 0],
        ['objections', 0],
        ['crm', 1],
        ['career', 1],
        ['general', 2],
      ]);
      expect(o.stats).toEqual({ members: 4, activeNow: 4, postsToday: 3, categories: 6 });
      expect(o.trending.map((p) => p.title)).toEqual(['hot one', 'mild']);
      expect(o.topContributors).toEqual([
        { username: a.user.username, votes: 2, posts: 1, badge: 'gold' },
        { username: b.user.username, votes: 1, posts: 1, badge: 'silver' },
      ]);

      // 16 minutes on, only the one who just looked is active; the members stay.
      t4.clock.advance(16 * 60_000);
      expect((await view(reader)).stats).toMatchObject({ members: 4, activeNow: 1 });

      // A hidden post counts nowhere.
      const admin = await adminUser(t4);
      await callOn(t4, 'POST', `/api/admin/moderation/posts/${hot.id}/hide`, admin.cookie);
      const after = await view(reader);
      expect(after.categories.find((x) => x.id === 'crm')?.posts).toBe(0);
      expect(after.stats.postsToday).toBe(2);
      expect(after.trending.map((p) => p.title)).toEqual(['mild']);
      // b's only post is hidden; c's two cancel out (+1, -1): neither has votes to show.
      expect(after.topContributors.map((x) => x.username)).toEqual([a.user.username]);
    } finally {
      await t4.close();
    }
  });
});

describe('with the account', () => {
  it('exports what the user wrote, voted and reported, and deletion removes it and recounts the posts it touched', async () => {
    const me = await proUser();
    const other = await proUser();
    const mine = await createPost(me, { title: 'My post' });
    const theirs = await createPost(other, { title: 'Their post' });
    await reply(other, mine.id, 'their reply on mine');
    const myReply = await reply(me, theirs.id, 'my reply on theirs');
    await voteOn(me, theirs.id, 1);
    await voteOn(other, mine.id, 1);
    await call('POST', `/api/community/posts/${theirs.id}/report`, me.cookie, { reason: 'off topic' });
    const theirReply = await reply(other, theirs.id, 'their reply on theirs');
    expect((await call('POST', `/api/community/replies/${theirReply.id}/report`, me.cookie, { reason: 'rude reply' })).statusCode).toBe(200);
    const othersReport = await call('POST', `/api/community/replies/${myReply.id}/report`, other.cookie, { reason: 'about my reply' });
    expect(othersReport.statusCode).toBe(200);

    const data = (await call('GET', '/api/account/export', me.cookie)).json();
    expect(data.community).toEqual({
      posts: [expect.objectContaining({ id: mine.id, title: 'My post', content: mine.content, score: 1, replyCount: 1, hidden: false })],
      replies: [{ id: myReply.id, postId: theirs.id, content: 'my reply on theirs', createdAt: expect.any(String), editedAt: null, hidden: false }],
      votes: [{ postId: theirs.id, value: 1, createdAt: expect.any(String), updatedAt: expect.any(String) }],
      reports: [{ postId: theirs.id, reason: 'off topic', createdAt: expect.any(String), dismissedAt: null }],
      replyReports: [{ replyId: theirReply.id, reason: 'rude reply', createdAt: expect.any(String), dismissedAt: null }],
    });
    // Someone else's report of my reply is theirs, not mine.
    expect(JSON.stringify(data.community)).not.toContain('about my reply');
    expect(JSON.stringify(data.community)).not.toContain('their reply on mine');
    expect(await getPost(other, theirs.id)).toMatchObject({ score: 1, replyCount: 2 });

    const del = await call('DELETE', '/api/account', me.cookie, { confirmation: 'DELETE', currentPassword: me.password });
    expect(del.statusCode).toBe(200);
    expect(await t.db.select().from(forumPosts).where(eq(forumPosts.authorId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(forumReplies).where(eq(forumReplies.authorId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(forumVotes).where(eq(forumVotes.userId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(forumReports).where(eq(forumReports.reporterId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(forumReplyReports).where(eq(forumReplyReports.reporterId, me.user.id))).toEqual([]);
    // Reports of my replies went with them.
    expect(await t.db.select().from(forumReplyReports).where(eq(forumReplyReports.replyId, myReply.id))).toEqual([]);
    expect(await t.db.select().from(forumMembers).where(eq(forumMembers.userId, me.user.id))).toEqual([]);
    // Their post no longer counts my vote and reply; my post and its replies are gone.
    expect(await getPost(other, theirs.id)).toMatchObject({ score: 0, upvotes: 0, replyCount: 1, lastActivityAt: theirReply.createdAt });
    expect((await call('GET', `/api/community/posts/${mine.id}`, other.cookie)).statusCode).toBe(404);
    expect(await t.db.select().from(forumReplies).where(and(eq(forumReplies.authorId, other.user.id), eq(forumReplies.postId, mine.id)))).toEqual([]);
  });
});
