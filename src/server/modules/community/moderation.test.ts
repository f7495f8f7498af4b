import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunityOverview, PostDetail, PostList } from '#shared/schemas/community.js';
import type { ModerationPost, ModerationQueue } from '#shared/schemas/moderation.js';
import type { AppDeps } from '../../deps.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import type { SignedInUser } from '../../test/factories.js';
import { moderationRoutes } from './moderation-routes.js';
import { adminUser, call as callOn, createPost, proUser, reply, voteOn, type Method } from './test-helpers.js';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminUser(t);
});
afterAll(async () => t.close());

const call = (method: Method, url: string, cookie?: string, payload?: unknown) => callOn(t, method, url, cookie, payload);
const act = async (action: string, postId: number, as: SignedInUser = admin) => {
  const res = await call('POST', `/api/admin/moderation/posts/${postId}/${action}`, as.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ModerationPost>();
};
const queue = async (status?: 'open' | 'all') => {
  const res = await call('GET', `/api/admin/moderation/reports${status ? `?status=${status}` : ''}`, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ModerationQueue>();
};
const report = (u: SignedInUser, postId: number, reason?: string) => call('POST', `/api/community/posts/${postId}/report`, u.cookie, reason === undefined ? undefined : { reason });

describe('moderation routes', () => {
  const ACTIONS = ['hide', 'restore', 'dismiss-reports', 'pin', 'unpin'];

  it('answer 401 signed out and 403 to anyone but an admin, Pro included, and change nothing', async () => {
    const author = await proUser(t);
    const post = await createPost(t, author);
    for (const u of [null, author, await proUser(t)]) {
      const expected = u ? 403 : 401;
      expect((await call('GET', '/api/admin/moderation/reports', u?.cookie)).statusCode).toBe(expected);
      for (const action of ACTIONS) {
        expect((await call('POST', `/api/admin/moderation/posts/${post.id}/${action}`, u?.cookie)).statusCode, action).toBe(expected);
      }
    }
    expect(await (await call('GET', `/api/community/posts/${post.id}`, author.cookie)).json()).toMatchObject({ hidden: false, pinned: false });
  });

  it('answer 404 for a post that does not exist and 400 for a bad id or a body with fields', async () => {
    for (const action of ACTIONS) {
      expect((await call('POST', `/api/admin/moderation/posts/999999/${action}`, admin.cookie)).statusCode, action).toBe(404);
      expect((await call('POST', `/api/admin/moderation/posts/abc/${action}`, admin.cookie)).statusCode, action).toBe(400);
    }
    const post = await createPost(t, await proUser(t));
    const withBody = await call('POST', `/api/admin/moderation/posts/${post.id}/hide`, admin.cookie, { reason: 'x' });
    expect(withBody.statusCode).toBe(400);
    expect((await call('POST', `/api/admin/moderation/posts/${post.id}/hide`, admin.cookie, {})).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/moderation/reports?status=closed', admin.cookie)).statusCode).toBe(400);
  });

  it('each state-changing route declares its audit action on the post or reply it targets', async () => {
    const seen: RouteOptions[] = [];
    const probe = Fastify();
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    probe.addHook('onRoute', (route) => void seen.push(route));
    await probe.register(moderationRoutes({} as AppDeps), { prefix: '/api/admin' });
    await probe.ready();
    const audits = Object.fromEntries(seen.filter((r) => r.method === 'POST').map((r) => [r.url, r.config?.audit]));
    const on = (action: string) => ({ action, targetType: 'community_post', targetParam: 'id' });
    const onReply = (action: string) => ({ action, targetType: 'community_reply', targetParam: 'id' });
    expect(audits).toEqual({
      '/api/admin/moderation/posts/:id/hide': on('post.hide'),
      '/api/admin/moderation/posts/:id/restore': on('post.restore'),
      '/api/admin/moderation/posts/:id/dismiss-reports': on('post.reports.dismiss'),
      '/api/admin/moderation/posts/:id/pin': on('post.pin'),
      '/api/admin/moderation/posts/:id/unpin': on('post.unpin'),
      '/api/admin/moderation/replies/:id/hide': onReply('reply.hide'),
      '/api/admin/moderation/replies/:id/restore': onReply('reply.restore'),
      '/api/admin/moderation/replies/:id/dismiss-reports': onReply('reply.reports.dismiss'),
    });
    expect(seen.find((r) => r.method === 'GET')?.config?.audit).toBeUndefined();
    await probe.close();
  });
});

describe('the queue', () => {
  it('lists reported posts, most open reports first, then the newest report; dismissing takes a post out of the open queue', async () => {
    const author = await proUser(t);
    const [r1, r2, r3] = await Promise.all([proUser(t), proUser(t), proUser(t)]);
    const once = await createPost(t, author, { title: 'reported once, long ago' });
    const twice = await createPost(t, author, { title: 'reported twice' });
    const late = await createPost(t, author, { title: 'reported once, lately' });
    const clean = await createPost(t, author, { title: 'never reported' });
    await report(r1, once.id, 'spam');
    t.clock.advance(60_000);
    await report(r1, twice.id);
    await report(r2, twice.id, 'rude\n<script>alert(1)</script>');
    t.clock.advance(60_000);
    await report(r3, late.id, 'off topic');

    const mine = (q: ModerationQueue) => q.posts.filter((p) => [once.id, twice.id, late.id, clean.id].includes(p.id));
    const open = mine(await queue());
    expect(open.map((p) => [p.title, p.openReportCount])).toEqual([
      ['reported twice', 2],
      ['reported once, lately', 1],
      ['reported once, long ago', 1],
    ]);
    const first = open[0];
    expect(first).toMatchObject({
      id: twice.id,
      content: twice.content,
      category: twice.category,
      author: { id: author.user.id, username: author.user.username },
      hidden: false,
      // Newest first, each with who made it; the reason is returned as the text typed.
      reports: [
        { reporter: { id: r2.user.id, username: r2.user.username }, reason: 'rude\n<script>alert(1)</script>', dismissedAt: null },
        { reporter: { id: r1.user.id, username: r1.user.username }, reason: '', dismissedAt: null },
      ],
    });

    const dismissed = await act('dismiss-reports', twice.id);
    expect(dismissed).toMatchObject({ openReportCount: 0, hidden: false, reports: [{ dismissedAt: t.clock.now().toISOString() }, { dismissedAt: t.clock.now().toISOString() }] });
    expect(mine(await queue('open')).map((p) => p.title)).toEqual(['reported once, lately', 'reported once, long ago']);
    expect(mine(await queue('all')).map((p) => p.title)).toEqual(['reported once, lately', 'reported once, long ago', 'reported twice']);
    // Dismissed, the post is as it was; its reporter cannot report it a second time.
    expect((await call('GET', `/api/community/posts/${twice.id}`, r1.cookie)).statusCode).toBe(200);
    expect((await report(r1, twice.id)).json()).toEqual({ reported: true, alreadyReported: true });
    // A new report by someone else opens it again.
    await report(r3, twice.id, 'still rude');
    expect(mine(await queue('open')).find((p) => p.id === twice.id)?.openReportCount).toBe(1);
  });

  it('hiding is a decision too: the post leaves the open queue with its reports kept, and restoring brings it back', async () => {
    const author = await proUser(t);
    const reporter = await proUser(t);
    const post = await createPost(t, author, { title: 'hide me from the queue' });
    await report(reporter, post.id, 'spam');
    const inQueue = async (status: 'open' | 'all') => (await queue(status)).posts.find((p) => p.id === post.id);
    expect(await inQueue('open')).toMatchObject({ openReportCount: 1, hidden: false });
    await act('hide', post.id);
    expect(await inQueue('open')).toBeUndefined();
    // Still under all, hidden, its report as it was (not dismissed: nobody said it was wrong).
    expect(await inQueue('all')).toMatchObject({ hidden: true, openReportCount: 1, reports: [{ reason: 'spam', dismissedAt: null }] });
    await act('restore', post.id);
    expect(await inQueue('open')).toMatchObject({ hidden: false, openReportCount: 1 });
  });
});

describe('hide and restore', () => {
  it('hides a post from everyone but admins, counts included, and restores it as it was', async () => {
    const author = await proUser(t);
    const reader = await proUser(t);
    const post = await createPost(t, author, { category: 'career', title: 'to be hidden' });
    await voteOn(t, reader, post.id, 1);
    const replyRow = await reply(t, reader, post.id);
    const careerPosts = async () => (await call('GET', '/api/community/overview', reader.cookie)).json<CommunityOverview>().categories.find((c) => c.id === 'career')?.posts;
    const before = await careerPosts();
    const listed = async (u: SignedInUser) => (await call('GET', '/api/community/posts?sort=new&limit=50', u.cookie)).json<PostList>().posts.map((p) => p.id);

    const hidden = await act('hide', post.id);
    expect(hidden).toMatchObject({ id: post.id, hidden: true });
    // Hiding twice is fine.
    expect(await act('hide', post.id)).toMatchObject({ hidden: true });

    // Gone from every list, the author's included; its page is the author's alone (below).
    for (const u of [author, reader]) expect(await listed(u)).not.toContain(post.id);
    expect((await call('GET', `/api/community/posts/${post.id}`, reader.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/community/posts/${post.id}/replies`, reader.cookie)).statusCode).toBe(404);
    expect((await call('PUT', `/api/community/posts/${post.id}/vote`, reader.cookie, { value: -1 })).statusCode).toBe(404);
    expect((await call('POST', `/api/community/posts/${post.id}/replies`, reader.cookie, { content: 'hello?' })).statusCode).toBe(404);
    expect((await report(reader, post.id)).statusCode).toBe(404);
    expect((await call('PUT', `/api/community/posts/${post.id}`, author.cookie, { title: 'sneaky', content: 'edit', category: 'career' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/community/posts/${post.id}`, author.cookie)).statusCode).toBe(404);
    expect((await call('PUT', `/api/community/replies/${replyRow.id}`, reader.cookie, { content: 'edit' })).statusCode).toBe(404);
    expect(await careerPosts()).toBe((before ?? 0) - 1);

    // Admins still see it, marked, and cannot act on it until it is restored.
    expect((await call('GET', `/api/community/posts/${post.id}`, admin.cookie)).json<PostDetail>()).toMatchObject({ hidden: true, title: 'to be hidden' });
    expect(await listed(admin)).toContain(post.id);
    expect((await call('PUT', `/api/community/posts/${post.id}/vote`, admin.cookie, { value: 1 })).statusCode).toBe(409);

    expect(await act('restore', post.id)).toMatchObject({ hidden: false });
    expect((await call('GET', `/api/community/posts/${post.id}`, reader.cookie)).json<PostDetail>()).toMatchObject({ title: 'to be hidden', score: 1, replyCount: 1, myVote: 1 });
    expect(await careerPosts()).toBe(before);
    expect(await listed(reader)).toContain(post.id);
  });
});

describe("a hidden post's author", () => {
  it('still reads it, marked hidden, while every other member gets 404 and nothing of it', async () => {
    const author = await proUser(t);
    const other = await proUser(t);
    const post = await createPost(t, author, { title: 'my hidden thoughts', content: 'Only I should still see this.' });
    const replyRow = await reply(t, other, post.id, 'A reply under it.');
    await act('hide', post.id);

    const mine = await call('GET', `/api/community/posts/${post.id}`, author.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<PostDetail>()).toMatchObject({ id: post.id, title: 'my hidden thoughts', content: 'Only I should still see this.', hidden: true, mine: true });
    const replies = await call('GET', `/api/community/posts/${post.id}/replies`, author.cookie);
    expect(replies.statusCode, replies.body).toBe(200);
    expect(replies.json<{ replies: { id: number }[] }>().replies.map((r) => r.id)).toEqual([replyRow.id]);

    // Anyone else: not found, the same answer as for a post that never existed, with no title or text in it.
    for (const url of [`/api/community/posts/${post.id}`, `/api/community/posts/${post.id}/replies`]) {
      const res = await call('GET', url, other.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('my hidden thoughts');
      expect(res.body).not.toContain('Only I should');
    }
    // Reading is all the author may do: no edits, replies or votes on it until a moderator restores it.
    expect((await call('POST', `/api/community/posts/${post.id}/replies`, author.cookie, { content: 'still here?' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/community/posts/${post.id}`, author.cookie, { title: 'sneaky', content: 'edit', category: 'career' })).statusCode).toBe(404);

    await act('restore', post.id);
    expect((await call('GET', `/api/community/posts/${post.id}`, other.cookie)).json<PostDetail>()).toMatchObject({ hidden: false, mine: false });
  });
});
