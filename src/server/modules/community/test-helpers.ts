import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PostDetail, PostInput, Reply } from '#shared/schemas/community.js';
import { users } from '../../db/schema/index.js';
import type { TestApp } from '../../test/build-test-app.js';
import { makeAdmin, makeUser, type SignedInUser } from '../../test/factories.js';

/** The community tests' shared moves: users of each plan, and the calls a page makes. */

const HOUR = 60 * 60 * 1000;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const call = (t: TestApp, method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

/** Pro straight on the row (a paid subscription's cache): the billing tests cover how it gets there. */
export async function proUser(t: TestApp): Promise<SignedInUser> {
  const u = await makeUser(t.app);
  await t.db.update(users).set({ proUntil: new Date(t.clock.now().getTime() + 30 * 24 * HOUR) }).where(eq(users.id, u.user.id));
  return u;
}

/** An admin with the panel unlocked (issue #16): moderation sits inside the admin scope. */
export const adminUser = (t: TestApp): Promise<SignedInUser> => makeAdmin(t.app, t.db);

export { freeUser } from '../../test/plan-users.js';

let seq = 0;
export const aPost = (over: Partial<PostInput> = {}): PostInput => {
  seq += 1;
  return { title: `How do you open a cold call? #${seq}`, content: 'I lose them in the first ten seconds.\nWhat works for you?', category: 'prospecting', ...over };
};

export async function createPost(t: TestApp, u: SignedInUser, over: Partial<PostInput> = {}): Promise<PostDetail> {
  const res = await call(t, 'POST', '/api/community/posts', u.cookie, aPost(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostDetail>();
}

export async function reply(t: TestApp, u: SignedInUser, postId: number, content = 'Ask a question about them in the first sentence.'): Promise<Reply> {
  const res = await call(t, 'POST', `/api/community/posts/${postId}/replies`, u.cookie, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Reply>();
}

export async function voteOn(t: TestApp, u: SignedInUser, postId: number, value: 1 | -1 | 0) {
  const res = await call(t, 'PUT', `/api/community/posts/${postId}/vote`, u.cookie, { value });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ score: number; upvotes: number; downvotes: number; myVote: number }>();
}
