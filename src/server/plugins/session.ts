import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '#shared/schemas/errors.js';
import type { UserRow } from '../db/schema/index.js';
import { SESSION_MAX_MS, userForToken, type RevokedReason } from '../modules/auth/service.js';
import { recordSignedInSighting, type ClientMark } from '../modules/referrals/service.js';
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
    /** The signed-in user, from the session cookie only (product §2). */
    user: UserRow | null;
    sessionToken: string | null;
    /** Set when the cookie names a session a password change ended, so the answer can say why. */
    sessionRevoked: RevokedReason | null;
    /** Until when this session's admin panel is unlocked (product §12.2); null: locked. */
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
      // The browsers and networks a signed-in user uses count in the referral checks (docs/decisions/0016),
      // at most one write an hour for each; failing to note one is not worth failing the request.
      await recordSignedInSighting(deps.db, found.user.id, clientOf(request, deps), deps.now()).catch((err: unknown) =>
        request.log.warn({ err }, 'could not note the client for the referral checks'),
      );
    } else if (found?.revoked) {
      // Signing out or in from here still replaces this row, so the token is kept for that.
      request.sessionToken = token;
      request.sessionRevoked = found.revoked;
    }
  });
  // the first clients (product §14.2) put `userId` in request bodies; the server never needs it (product §2). It is
  // refused unless it is the caller's own id, then dropped so the strict body schemas, which
  // refuse every field they do not know, see only what they define. A null `userId` claims no
  // one (product §14.2's feedback form sends it for a visitor), so it is dropped as well.
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
 * The admin scope's gate (product §12.2): 401 unless signed in, 403 unless an admin, and 403
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

/**
 * The browser's own long-lived random id (docs/decisions/0016), so that a referral signed up from
 * the referrer's own browser can be told from a friend's. `__Host-` whenever it is Secure, for the
 * session cookie's reason. The server keeps only its SHA-256, and only for 30 days after its last
 * use (modules/referrals/sightings.ts); the browser keeps it across sign-outs, which is the point.
 */
export const DEVICE_COOKIE = 'sc_device';
export const SECURE_DEVICE_COOKIE = '__Host-sc_device';
/** 400 days: the longest Max-Age browsers honour. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;
/** An id issued earlier in the same request, which the request's own cookies cannot show yet. */
const issuedDeviceIds = new WeakMap<FastifyRequest, string>();

const deviceCookieName = (request: FastifyRequest, deps: AppDeps) => (secure(request, deps) ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE);

function presentedDeviceId(request: FastifyRequest, deps: AppDeps): string | null {
  const value = request.cookies[deviceCookieName(request, deps)];
  // Anything not shaped like an id we issue is ignored (and replaced at the next sign-in), which bounds what is hashed and kept.
  return value && DEVICE_ID.test(value) ? value : (issuedDeviceIds.get(request) ?? null);
}

/** Where a request comes from, as the referral checks compare it: the browser's id (if it has one) and the address Fastify derives (TRUST_PROXY). */
export function clientOf(request: FastifyRequest, deps: AppDeps): ClientMark {
  return { deviceId: presentedDeviceId(request, deps), ip: request.ip };
}

/**
 * clientOf for a sign-up or a sign-in: a browser without an id gets a new one here, which
 * setDeviceCookie then gives it, once the sign-up or sign-in has succeeded (a refused one sets
 * no cookie).
 */
export function clientWithDevice(request: FastifyRequest, deps: AppDeps): ClientMark {
  const present = presentedDeviceId(request, deps);
  if (present) return { deviceId: present, ip: request.ip };
  const id = randomBytes(32).toString('base64url');
  issuedDeviceIds.set(request, id);
  return { deviceId: id, ip: request.ip };
}

/** Gives the browser the id clientWithDevice issued during this request, if it issued one. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, deps: AppDeps): void {
  const id = issuedDeviceIds.get(request);
  if (!id) return;
  reply.setCookie(deviceCookieName(request, deps), id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request, deps),
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
