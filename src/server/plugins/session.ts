import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { SESSION_MAX_MS, userForToken } from '../modules/auth/sessions.js';
import type { AppDeps } from '../app.js';

export const SESSION_COOKIE = 'sc_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only (DECISIONS §1). */
    user: UserRow | null;
    sessionToken: string | null;
  }
}

export function registerSession(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const user = await userForToken(deps.db, token, deps.now());
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
  });
}

function secure(request: FastifyRequest, deps: AppDeps): boolean {
  if (deps.env.COOKIE_SECURE === 'always') return true;
  if (deps.env.COOKIE_SECURE === 'never') return false;
  return request.protocol === 'https';
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request, deps),
    maxAge: Math.floor(SESSION_MAX_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, deps: AppDeps): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request, deps) });
}

/** preHandler: 401 unless signed in. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) {
    await reply.status(401).send({ message: 'Please sign in to continue.' });
  }
}

/** preHandler: 401 unless signed in, 403 unless an admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) return void (await reply.status(401).send({ message: 'Please sign in to continue.' }));
  if (!request.user.isAdmin) await reply.status(403).send({ message: 'Admins only.' });
}

/** The signed-in user in a handler behind requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('currentUser() used on a route without requireUser');
  return request.user;
}
