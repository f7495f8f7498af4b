import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../shared/schemas/errors.js';
import type { UserRow } from '../db/schema/index.js';
import { SESSION_MAX_MS, userForToken, type RevokedReason } from '../modules/auth/service.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from './errors.js';

/** The session cookie over plain HTTP (a laptop, a LAN). */
export const SESSION_COOKIE = 'sc_session';
/**
 * The session cookie whenever it is Secure: the `__Host-` prefix makes the browser refuse it
 * unless it is Secure, host-only and for `/`, so a sibling subdomain cannot plant a session
 * (ASVS 3.3.1). Over HTTPS only this name is read.
 */
export const SECURE_SESSION_COOKIE = '__Host-sc_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only (DECISIONS §1). */
    user: UserRow | null;
    sessionToken: string | null;
    /** Set when the cookie names a session a password change ended, so the answer can say why. */
    sessionRevoked: RevokedReason | null;
    /** Until when this session's admin panel is unlocked (DECISIONS §2); null: locked. */
    adminUnlockedUntil: Date | null;
  }
}

export function registerSession(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionRevoked', null);
  app.decorateRequest('adminUnlockedUntil', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[cookieName(request, deps)];
    if (!token || token.length > 100) return;
    const found = await userForToken(deps.db, token, deps.now());
    if (found?.user) {
      request.user = found.user;
      request.sessionToken = token;
      request.adminUnlockedUntil = found.adminUnlockedUntil;
    } else if (found?.revoked) {
      // Signing out or in from here still replaces this row, so the token is kept for that.
      request.sessionToken = token;
      request.sessionRevoked = found.revoked;
    }
  });
  // SPEC §7 puts `userId` in request bodies; the server never needs it (DECISIONS §1). It is
  // refused unless it is the caller's own id, then dropped so the strict body schemas, which
  // refuse every field they do not know, see only what they define. A null `userId` claims no
  // one (SPEC §7's feedback form sends it for a visitor), so it is dropped as well.
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || !('userId' in body)) return;
    const claimed = (body as { userId: unknown }).userId;
    if (claimed !== null && (!request.user || claimed !== request.user.id)) {
      throw new HttpError(403, 'You can only act on your own account.');
    }
    delete (body as { userId?: unknown }).userId;
  });
}

/** The cookie a request's session travels in: the `__Host-` one whenever the cookie is Secure. */
export const cookieName = (request: FastifyRequest, deps: AppDeps) => (secure(request, deps) ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/** The token the request's cookie carries, whether or not it names a live session. */
export const presentedToken = (request: FastifyRequest, deps: AppDeps): string | undefined => request.cookies[cookieName(request, deps)];

function secure(request: FastifyRequest, deps: AppDeps): boolean {
  if (deps.env.COOKIE_SECURE === 'always') return true;
  if (deps.env.COOKIE_SECURE === 'never') return false;
  return request.protocol === 'https';
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, token: string): void {
  reply.setCookie(cookieName(request, deps), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request, deps),
    maxAge: Math.floor(SESSION_MAX_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, deps: AppDeps): void {
  reply.clearCookie(cookieName(request, deps), { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request, deps) });
}

export const PASSWORD_CHANGED_MESSAGE = 'You were signed out because your password was changed on another device.';

/** The 401 for a signed-out caller; a device a password change signed out is told so, with its own code. */
function notSignedIn(request: FastifyRequest): ApiError {
  if (request.sessionRevoked === 'password_changed') return { message: PASSWORD_CHANGED_MESSAGE, code: 'password_changed' };
  return { message: 'Please sign in to continue.' };
}

/** Route preValidation: 401 unless signed in (before the body is validated, so a signed-out caller learns nothing of the schema). */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) {
    await reply.status(401).send(notSignedIn(request));
  }
}

/** Route preValidation: 401 unless signed in, 403 unless an admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) return void (await reply.status(401).send(notSignedIn(request)));
  if (!request.user.isAdmin) await reply.status(403).send({ message: 'Admins only.' });
}

export const ADMIN_LOCKED_MESSAGE = 'The admin panel is locked. Unlock it to continue.';

/**
 * The admin scope's gate (DECISIONS §2): 401 unless signed in, 403 unless an admin, and 403
 * with `code: 'admin_locked'` unless this session unlocked the panel and the unlock has not run
 * out by the app's clock. Runs before the body is validated, like requireUser.
 */
export function requireUnlockedAdmin(now: () => Date) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await requireAdmin(request, reply);
    if (reply.sent) return;
    const until = request.adminUnlockedUntil;
    if (!until || until.getTime() <= now().getTime()) {
      await reply.status(403).send({ message: ADMIN_LOCKED_MESSAGE, code: 'admin_locked' } satisfies ApiError);
    }
  };
}

/** The signed-in user in a handler behind requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('currentUser() used on a route without requireUser');
  return request.user;
}
