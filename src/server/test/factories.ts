import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { User } from '#shared/schemas/user.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { SESSION_COOKIE } from '../plugins/session.js';

let seq = 0;

export interface SignedInUser {
  user: User;
  cookie: string;
  password: string;
}

export function sessionCookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  if (!c) throw new Error(`no session cookie in response (${res.statusCode}: ${res.body})`);
  return `${SESSION_COOKIE}=${c.value}`;
}

/** Signs up a new user through the API and returns them with their session cookie. */
export async function makeUser(app: FastifyInstance, overrides: Partial<{ username: string; email: string; password: string }> = {}): Promise<SignedInUser> {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  const body = { username: `rep_${tag}`, email: `rep_${tag}@example.com`, password: 'Quota-Crusher-2026', ...overrides };
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { user: res.json<User>(), cookie: sessionCookieOf(res), password: body.password };
}

/** Makes the user an admin, as `npm run admin -- grant` does. */
export async function grantAdmin(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
}

/** Unlocks the admin panel for this user's session with their password (POST /api/admin/unlock). */
export async function unlockPanel(app: FastifyInstance, admin: SignedInUser, secret = admin.password): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/unlock', headers: { cookie: admin.cookie }, payload: { secret } });
  if (res.statusCode !== 200) throw new Error(`unlock failed: ${res.statusCode} ${res.body}`);
}

/** A new account, made an admin, with its panel unlocked: what every admin route needs. */
export async function makeAdmin(app: FastifyInstance, db: Db): Promise<SignedInUser> {
  const admin = await makeUser(app);
  await grantAdmin(db, admin.user.id);
  await unlockPanel(app, admin);
  return admin;
}
