import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunityOverview, PostDetail, PostList, ReplyList } from '#shared/schemas/community.js';
import type { ModerationQueue, ModerationReply } from '#shared/schemas/moderation.js';
import { adminAuditLog, forumPosts, forumReplyReports } from '../../db/schema/index.js';
import { subscribe } from '../../test/billing.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { COMMUNITY_LIMITS } from './routes.js';
import { adminUser, call as callOn, createPost, freeUser, proUser, reply, type Method } from './test-helpers.js';

/** Reported replies (the gap left by issue #15/#16): reporting, hiding, restoring, dismissing, and the queue. */

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminUser(t);
});
afterAll(async () => t.close());

const call = (method: Method, url: string, cookie?: string, payload?: unknown) => callOn(t, method, url, cookie, payload);
const report = (u: SignedInUser | null, replyId: number, reason?: string) =>
  call('POST', `/api/community/replies/${replyId}/report`, u?.cookie, reason === undefined ? undefined : { reason });
const act = async (action: 'hide' | 'restore' | 'dismiss-reports', replyId: number) => {
  const res = await call('POST', `/api/admin/moderation/replies/${replyId}/${action}`, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ModerationReply>();
};
const queue = async (status: 'open' | 'all') => {
  const res = await call('GET', `/api/admin/moderation/reports?status=${status}`, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ModerationQueue>();
};
const replies = async (u: SignedInUser, postId: number) => {
  const res = await call('GET', `/api/community/posts/${postId}/replies`, u.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReplyList>().replies;
};
const getPost = async (u: SignedInUser, id: number) => {
  const res = await call('GET', `/api/community/posts/${id}`, u.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostDetail>();
};
const hotRank = async (postId: number) => (await t.db.select({ hot: forumPosts.hot }).from(forumPosts).where(eq(forumPosts.id, postId)))[0]?.hot;

/** A post by one Pro member with a reply by another: the reply to report. */
async function thread() {
  const author = await proUser(t);
  const replier = await proUser(t);
  const post = await createPost(t, author);
  const r = await reply(t, replier, post.id, 'Buy my course at spam.example!');
  return { author, replier, post, reply: r };
}

describe('reporting a reply', () => {
  it('is for Pro members and admins only: 401 signed out, 403 payment_required on the trial, Free and Basic, and nothing stored', async () => {
    const { reply: r } = await thread();
    expect((await report(null, r.id, 'spam')).statusCode).toBe(401);
    const basic = await makeUser(t.app);
    await subscribe(t, basic, 'basic');
    for (const u of [await makeUser(t.app), await freeUser(t), basic]) {
      const res = await report(u, r.id, 'spam');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'payment_required' });
    }
    expect(await t.db.select().from(forumReplyReports).where(eq(forumReplyReports.replyId, r.id))).toEqual([]);
    const pro = await makeUser(t.app);
    await subscribe(t, pro, 'pro');
    expect((await report(pro, r.id)).json()).toEqual({ reported: true, alreadyReported: false });
    expect((await report(await adminUser(t), r.id, 'spam')).json()).toEqual({ reported: true, alreadyReported: false });
  });

  it('is kept once per user per reply, even under concurrent reports, and each reply says whether the reader reported it', async () => {
    const { author, replier, post, reply: r } = await thread();
    const reporter = await proUser(t);
    const other = await reply(t, author, post.id, 'A fine answer');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => report(reporter, r.id, `spam ${i}`)));
    expect(results.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(results.filter((res) => res.json().alreadyReported === false)).toHaveLength(1);
    expect((await report(reporter, r.id, 'again')).json()).toEqual({ reported: true, alreadyReported: true });
    expect(await t.db.select().from(forumReplyReports).where(eq(forumReplyReports.replyId, r.id))).toHaveLength(1);

    const seen = await replies(reporter, post.id);
    expect(seen.map((x) => [x.id, x.reportedByMe])).toEqual([
      [r.id, true],
      [other.id, false],
    ]);
    expect((await replies(replier, post.id)).map((x) => x.reportedByMe)).toEqual([false, false]);
    // Reporting a reply is not reporting its post.
    expect((await getPost(reporter, post.id)).reportedByMe).toBe(false);
  });

  it('refuses your own reply with 403 and a clear message', async () => {
    const { replier, reply: r } = await thread();
    const res = await report(replier, r.id, 'me');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/your own reply/);
    expect(await t.db.select().from(forumReplyReports).where(eq(forumReplyReports.replyId, r.id))).toEqual([]);
  });

  it('answers 404 for a reply that does not exist, is hidden, or sits under a hidden post; 400 for a bad id or reason', async () => {
    const reporter = await proUser(t);
    expect((await report(reporter, 999_999)).statusCode).toBe(404);
    expect((await report(reporter, 'abc' as unknown as number)).statusCode).toBe(400);
    const { reply: r } = await thread();
    const long = await report(reporter, r.id, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ errors: { reason: expect.any(Array) } });
    expect((await call('POST', `/api/community/replies/${r.id}/report`, reporter.cookie, { reason: 'ok', extra: 1 })).statusCode).toBe(400);

    await act('hide', r.id);
    const hidden = await report(reporter, r.id, 'spam');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('This reply does not exist or was removed.');
    // An admin still sees it, and is told to restore it before acting on it.
    const asAdmin = await report(admin, r.id, 'spam');
    expect(asAdmin.statusCode).toBe(409);
    expect(asAdmin.json().message).toMatch(/reply is hidden/);

    const under = await thread();
    expect((await call('POST', `/api/admin/moderation/posts/${under.post.id}/hide`, admin.cookie)).statusCode).toBe(200);
    expect((await report(reporter, under.reply.id, 'spam')).statusCode).toBe(404);
    expect(await t.db.select().from(forumReplyReports).where(eq(forumReplyReports.reporterId, reporter.user.id))).toEqual([]);
  });

  it('gives the reason back to the moderators as the same inert text', async () => {
    const { reply: r } = await thread();
    const reporter = await proUser(t);
    const reason = 'Scam link <script>alert(1)</script>\n<img src=x onerror=alert(2)>';
    expect((await report(reporter, r.id, reason)).statusCode).toBe(200);
    const res = await call('GET', '/api/admin/moderation/reports?status=open', admin.cookie);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const item = res.json<ModerationQueue>().replies.find((x) => x.id === r.id);
    expect(item?.reports).toEqual([{ id: expect.any(Number), reporter: { id: reporter.user.id, username: reporter.user.username }, reason, createdAt: expect.any(String), dismissedAt: null }]);
  });

  it(`shares the ${COMMUNITY_LIMITS.reports.max}-an-hour reports allowance with post reports`, async () => {
    const author = await proUser(t);
    const replier = await proUser(t);
    const reporter = await proUser(t);
    const half = COMMUNITY_LIMITS.reports.max / 2;
    const post = await createPost(t, author);
    const madeReplies = [];
    for (let i = 0; i < half + 1; i++) madeReplies.push(await reply(t, replier, post.id, `reply ${i}`));
    // Straight in the database: the author's own posting allowance is not what is tested here.
    const posts = await t.db
      .insert(forumPosts)
      .values(Array.from({ length: half }, (_, i) => ({ authorId: author.user.id, title: `to report ${i}`, content: 'x', category: 'general' as const })))
      .returning({ id: forumPosts.id });
    for (const p of posts) {
      expect((await call('POST', `/api/community/posts/${p.id}/report`, reporter.cookie)).statusCode).toBe(200);
    }
    for (const r of madeReplies.slice(0, half)) expect((await report(reporter, r.id)).statusCode).toBe(200);
    const last = madeReplies[half];
    if (!last) throw new Error('no reply left');
    const over = await report(reporter, last.id);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(await t.db.select().from(forumReplyReports).where(eq(forumReplyReports.replyId, last.id))).toEqual([]);
  });
});

describe('hiding, restoring and dismissing a reply', () => {
  it('hides it from members (list, reply count, Hot rank, trending), keeps it for admins, and restores it as it was; each action is audited', async () => {
    const { author, replier, post, reply: r } = await thread();
    const reader = await proUser(t);
    const kept = await reply(t, author, post.id, 'Thanks everyone');
    const before = await getPost(reader, post.id);
    const hotBefore = await hotRank(post.id);
    expect(before.replyCount).toBe(2);
    const trendingCount = async () => (await call('GET', '/api/community/overview', reader.cookie)).json<CommunityOverview>().trending.find((p) => p.id === post.id)?.replyCount;
    expect(await trendingCount()).toBe(2);
    const auditBefore = await t.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetType, 'community_reply'), eq(adminAuditLog.targetId, String(r.id))));
    expect(auditBefore).toEqual([]);

    const hidden = await act('hide', r.id);
    expect(hidden).toMatchObject({ id: r.id, post: { id: post.id, title: post.title, hidden: false }, content: r.content, hidden: true, author: { id: replier.user.id } });
    expect(await act('hide', r.id)).toMatchObject({ hidden: true });

    for (const u of [author, replier, reader]) expect((await replies(u, post.id)).map((x) => x.id)).toEqual([kept.id]);
    const after = await getPost(reader, post.id);
    expect(after.replyCount).toBe(1);
    expect(await hotRank(post.id)).toBeLessThan(hotBefore ?? 0);
    expect(await trendingCount()).toBe(1);
    const listed = (await call('GET', '/api/community/posts?sort=new&limit=50', reader.cookie)).json<PostList>().posts.find((p) => p.id === post.id);
    expect(listed?.replyCount).toBe(1);
    // Admins still see it in the thread, marked.
    expect((await replies(admin, post.id)).map((x) => [x.id, x.hidden])).toEqual([
      [r.id, true],
      [kept.id, false],
    ]);
    // Its author can no longer edit or delete it.
    expect((await call('PUT', `/api/community/replies/${r.id}`, replier.cookie, { content: 'sneaky edit' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/community/replies/${r.id}`, replier.cookie)).statusCode).toBe(404);

    const restored = await act('restore', r.id);
    expect(restored).toMatchObject({ hidden: false, content: 'Buy my course at spam.example!' });
    expect((await replies(reader, post.id)).map((x) => x.id)).toEqual([r.id, kept.id]);
    expect(await getPost(reader, post.id)).toMatchObject({ replyCount: 2, lastActivityAt: before.lastActivityAt });
    expect(await hotRank(post.id)).toBe(hotBefore);
    expect((await call('PUT', `/api/community/replies/${r.id}`, replier.cookie, { content: 'edited after all' })).statusCode).toBe(200);

    const audit = await t.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetType, 'community_reply'), eq(adminAuditLog.targetId, String(r.id))));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['reply.hide', admin.user.id],
      ['reply.hide', admin.user.id],
      ['reply.restore', admin.user.id],
    ]);
    await act('dismiss-reports', r.id);
    const dismissAudit = await t.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.action, 'reply.reports.dismiss'), eq(adminAuditLog.targetId, String(r.id))));
    expect(dismissAudit).toHaveLength(1);
  });

  it('answers 401/403 to anyone but an admin, 404 for a reply that does not exist and 400 for a bad id or a body', async () => {
    const { replier, reply: r } = await thread();
    for (const action of ['hide', 'restore', 'dismiss-reports']) {
      expect((await call('POST', `/api/admin/moderation/replies/${r.id}/${action}`)).statusCode, action).toBe(401);
      expect((await call('POST', `/api/admin/moderation/replies/${r.id}/${action}`, replier.cookie)).statusCode, action).toBe(403);
      expect((await call('POST', `/api/admin/moderation/replies/999999/${action}`, admin.cookie)).statusCode, action).toBe(404);
      expect((await call('POST', `/api/admin/moderation/replies/abc/${action}`, admin.cookie)).statusCode, action).toBe(400);
      expect((await call('POST', `/api/admin/moderation/replies/${r.id}/${action}`, admin.cookie, { why: 'x' })).statusCode, action).toBe(400);
    }
    expect((await replies(replier, r.postId)).map((x) => x.hidden)).toEqual([false]);
  });
});

describe('the queue of reported replies', () => {
  it('orders them as posts; open = visible with a report not yet dismissed, all = every reported reply; hiding and dismissing are decisions', async () => {
    const author = await proUser(t);
    const replier = await proUser(t);
    const [r1, r2, r3] = await Promise.all([proUser(t), proUser(t), proUser(t)]);
    const post = await createPost(t, author, { title: 'Thread with reported replies' });
    const once = await reply(t, replier, post.id, 'reported once, long ago');
    const twice = await reply(t, replier, post.id, 'reported twice');
    const late = await reply(t, replier, post.id, 'reported once, lately');
    await reply(t, replier, post.id, 'never reported');
    await report(r1, once.id, 'spam');
    t.clock.advance(60_000);
    await report(r1, twice.id);
    await report(r2, twice.id, 'rude');
    t.clock.advance(60_000);
    await report(r3, late.id, 'off topic');

    const mine = (q: ModerationQueue) => q.replies.filter((x) => x.post.id === post.id).map((x) => [x.content, x.openReportCount, x.hidden]);
    expect(mine(await queue('open'))).toEqual([
      ['reported twice', 2, false],
      ['reported once, lately', 1, false],
      ['reported once, long ago', 1, false],
    ]);
    const first = (await queue('open')).replies.find((x) => x.id === twice.id);
    expect(first).toMatchObject({
      post: { id: post.id, title: 'Thread with reported replies' },
      author: { id: replier.user.id, username: replier.user.username },
      reports: [{ reporter: { id: r2.user.id }, reason: 'rude', dismissedAt: null }, { reporter: { id: r1.user.id }, reason: '', dismissedAt: null }],
    });

    const dismissed = await act('dismiss-reports', twice.id);
    expect(dismissed).toMatchObject({ openReportCount: 0, hidden: false, reports: [{ dismissedAt: t.clock.now().toISOString() }, { dismissedAt: t.clock.now().toISOString() }] });
    await act('hide', late.id);
    expect(mine(await queue('open'))).toEqual([['reported once, long ago', 1, false]]);
    expect(mine(await queue('all'))).toEqual([
      ['reported once, lately', 1, true],
      ['reported once, long ago', 1, false],
      ['reported twice', 0, false],
    ]);
    // Restoring brings a reply with open reports back to the open queue.
    await act('restore', late.id);
    expect(mine(await queue('open')).map((x) => x[0])).toEqual(['reported once, lately', 'reported once, long ago']);
    // Hiding the whole post decides for its replies too; restoring it brings them back.
    expect((await call('POST', `/api/admin/moderation/posts/${post.id}/hide`, admin.cookie)).statusCode).toBe(200);
    expect(mine(await queue('open'))).toEqual([]);
    expect(mine(await queue('all'))).toHaveLength(3);
    expect((await queue('all')).replies.filter((x) => x.post.id === post.id).map((x) => x.post.hidden)).toEqual([true, true, true]);
    // An admin is told why nothing can be reported there.
    const underHidden = await call('POST', `/api/community/replies/${once.id}/report`, admin.cookie, {});
    expect(underHidden.statusCode).toBe(409);
    expect(underHidden.json().message).toMatch(/post is hidden/);
    expect((await call('POST', `/api/admin/moderation/posts/${post.id}/restore`, admin.cookie)).statusCode).toBe(200);
    expect(mine(await queue('open'))).toHaveLength(2);
    // The queue's posts list is not fed by reply reports.
    expect((await queue('all')).posts.find((p) => p.id === post.id)).toBeUndefined();
  });
});
