import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { sessions, users } from '../../db/schema/index.js';
import { readEnv } from '../../env.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, sessionCookieOf } from '../../test/factories.js';
import { hashToken } from './sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
});
afterAll(async () => t.close());

const signup = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object, headers });
const signin = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: payload as object });

describe('POST /api/auth/signup', () => {
  it('creates the user, answers the user object without the hash, and sets an httpOnly Lax cookie', async () => {
    const res = await signup({ username: 'Closer_Kim', email: 'Kim@Example.com', password: 'pipeline-hero-9' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ username: 'Closer_Kim', email: 'Kim@Example.com', isAdmin: false, onboardingCompleted: false, weeklyFreeChatsRemaining: 1 });
    expect(body.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
    const cookie = res.cookies.find((c) => c.name === 'sc_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const [row] = await t.db.select().from(users).where(eq(users.username, 'Closer_Kim'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The cookie token is stored only as its hash.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashToken(cookie!.value));
  });

  it('gives every user a different referral code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await makeUser(t.app)).user.referralCode);
    expect(codes.size).toBe(5);
  });

  it.each([
    [{ username: 'ab', email: 'a@example.com', password: 'long-enough-1' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'abc', email: 'not-an-email', password: 'long-enough-1' }, 'email', 'Invalid email address'],
    [{ username: 'abc', email: 'a@example.com', password: 'short12' }, 'password', 'Password must be at least 8 characters'],
    [{ username: 'abc', email: 'a@example.com', password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    [{ username: 'a b<c>', email: 'a@example.com', password: 'long-enough-1' }, 'username', 'Username may only contain letters, numbers, dots, dashes and underscores'],
  ])('rejects %j with 400 naming the field and writes nothing', async (payload, field, message) => {
    const before = await t.db.$count(users);
    const res = await signup(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
    expect(res.json().message).toBeTypeOf('string');
    expect(res.cookies).toHaveLength(0);
    expect(await t.db.$count(users)).toBe(before);
  });

  it('refuses a very common password', async () => {
    const res = await signup({ username: 'commonpw', email: 'commonpw@example.com', password: 'Password123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password[0]).toMatch(/too common/);
  });

  it('answers 409 for a username taken in another case, and for a taken email', async () => {
    await signup({ username: 'DupeUser', email: 'dupe@example.com', password: 'long-enough-1' });
    const sameName = await signup({ username: 'dupeuser', email: 'other@example.com', password: 'long-enough-1' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('That username is already taken.');
    const sameEmail = await signup({ username: 'someoneelse', email: 'DUPE@example.com', password: 'long-enough-1' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('An account with that email already exists.');
  });

  it('refuses a request from a foreign Origin and creates nothing', async () => {
    const before = await t.db.$count(users);
    const res = await signup({ username: 'csrfvictim', email: 'csrf@example.com', password: 'long-enough-1' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await t.db.$count(users)).toBe(before);
    const sameOrigin = await signup({ username: 'sameorigin', email: 'same@example.com', password: 'long-enough-1' }, { origin: 'http://localhost' });
    expect(sameOrigin.statusCode).toBe(201);
  });

  it('answers 415 with a readable message for a body that is not JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: 'username=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Requests must be sent as JSON');
  });
});

describe('POST /api/auth/signin', () => {
  it('signs in with the username (any case) and with the email', async () => {
    const { user, password } = await makeUser(t.app, { username: 'MixedCase_Rep' });
    const byName = await signin({ emailOrUsername: 'mixedcase_rep', password });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().id).toBe(user.id);
    const byEmail = await signin({ emailOrUsername: user.email.toUpperCase(), password });
    expect(byEmail.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: sessionCookieOf(byEmail) } });
    expect(me.json().id).toBe(user.id);
  });

  it('answers unknown user and wrong password identically', async () => {
    const { user } = await makeUser(t.app);
    const wrong = await signin({ emailOrUsername: user.username, password: 'not-the-password' });
    const unknown = await signin({ emailOrUsername: 'nobody-here', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.cookies).toHaveLength(0);
  });

  it.each([
    [{ emailOrUsername: '', password: 'x' }, 'emailOrUsername', 'Email or username is required'],
    [{ emailOrUsername: 'someone', password: '' }, 'password', 'Password is required'],
  ])('validates %j', async (payload, field, message) => {
    const res = await signin(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('locks an account identifier after repeated failures with 429 and Retry-After, even for the right password', async () => {
    const { user, password } = await makeUser(t.app);
    for (let i = 0; i < 3; i++) expect((await signin({ emailOrUsername: user.username, password: 'wrong-wrong' })).statusCode).toBe(401);
    const locked = await signin({ emailOrUsername: user.username, password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
    // An unknown identifier is limited the same way, so the 429 reveals nothing.
    for (let i = 0; i < 3; i++) await signin({ emailOrUsername: 'ghost-account', password: 'wrong-wrong' });
    expect((await signin({ emailOrUsername: 'ghost-account', password: 'wrong-wrong' })).statusCode).toBe(429);
  });
});

describe('POST /api/auth/signout', () => {
  it('ends the server session, so the old cookie no longer works', async () => {
    const { cookie } = await makeUser(t.app);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sc_session')?.value).toBe('');
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('GET /api/auth/session', () => {
  it('answers 200 with null when signed out, and the user (no hash) when signed in', async () => {
    const anon = await t.app.inject({ url: '/api/auth/session' });
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual({ user: null });
    const { user, cookie } = await makeUser(t.app);
    const res = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(res.json().user).toMatchObject({ id: user.id, username: user.username });
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('argon2');
  });

  it('treats a forged cookie as signed out', async () => {
    const res = await t.app.inject({ url: '/api/auth/session', headers: { cookie: 'sc_session=forged-token' } });
    expect(res.json()).toEqual({ user: null });
  });
});

describe('session lifetime', () => {
  it('slides with use, ends after 30 idle days, and after 90 days at most', async () => {
    const { cookie } = await makeUser(t.app);
    const me = () => t.app.inject({ url: '/api/user', headers: { cookie } }).then((r) => r.statusCode);
    const DAY = 86_400_000;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(29 * DAY);
      expect(await me()).toBe(200); // used within the idle window: still signed in
    }
    t.clock.advance(4 * DAY); // day 91: past the absolute end even though recently used
    expect(await me()).toBe(401);

    const second = await makeUser(t.app);
    t.clock.advance(31 * DAY);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: second.cookie } })).statusCode).toBe(401);
  });
});

describe('per-address rate limit', () => {
  it('is shared by two app instances on one database (its counts live in PostgreSQL)', async () => {
    const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_IP: '2' });
    const [one, two] = await Promise.all([buildApp({ env, db: t.db, now: t.clock.now }), buildApp({ env, db: t.db, now: t.clock.now })]);
    try {
      // The window of the main test app's own limit is not this one: a fresh route count starts here.
      await t.pool.query("delete from rate_limit_counters where key like 'address:%'");
      const attempt = (app: typeof one) => app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: 'x', password: 'y' } });
      expect((await attempt(one)).statusCode).toBe(401);
      expect((await attempt(two)).statusCode).toBe(401);
      const third = await attempt(one);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'rate_limited' });
      // Sign-up counts on its own route.
      expect((await one.inject({ method: 'POST', url: '/api/auth/signup', payload: {} })).statusCode).toBe(400);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });


  it('answers 429 with Retry-After once an address exceeds the limit', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '2' });
    try {
      const attempt = () => limited.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: 'x', password: 'y' } });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(third.json().message).toMatch(/Too many attempts from this address/);
    } finally {
      await limited.close();
    }
  });
});

describe('probe fixes: lockout per account, session rotation, the __Host- cookie', () => {
  it("locks the account itself: after the username is locked, the same account's email is refused too", async () => {
    const { user, password } = await makeUser(t.app);
    for (let i = 0; i < 3; i++) expect((await signin({ emailOrUsername: user.username, password: 'wrong-wrong' })).statusCode).toBe(401);
    const byEmail = await signin({ emailOrUsername: user.email, password });
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.cookies).toHaveLength(0);
    // Another account is not affected.
    const other = await makeUser(t.app);
    expect((await signin({ emailOrUsername: other.user.email, password: other.password })).statusCode).toBe(200);
    // The window ends after 15 minutes; a success then clears both counts.
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await signin({ emailOrUsername: user.email, password })).statusCode).toBe(200);
  });

  it('shares the per-account count between two app instances on one database (it lives in PostgreSQL)', async () => {
    const second = await buildApp({ env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_ACCOUNT: '3' }), db: t.db, now: t.clock.now });
    try {
      const { user, password } = await makeUser(t.app);
      const wrong = { emailOrUsername: user.username, password: 'wrong-wrong' };
      expect((await signin(wrong)).statusCode).toBe(401);
      expect((await second.inject({ method: 'POST', url: '/api/auth/signin', payload: wrong })).statusCode).toBe(401);
      expect((await signin(wrong)).statusCode).toBe(401);
      const locked = await second.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: user.username, password } });
      expect(locked.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('ends the session the browser already had when it signs in again (ASVS 7.2.4)', async () => {
    const { user, password, cookie } = await makeUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: user.username, password }, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const fresh = sessionCookieOf(res);
    expect(fresh).not.toBe(cookie);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: fresh } })).statusCode).toBe(200);
    expect(await t.db.$count(sessions, eq(sessions.userId, user.id))).toBe(1);
  });

  it('uses the __Host- cookie whenever the cookie is Secure, and reads only that one over HTTPS', async () => {
    const https = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const viaProxy = { 'x-forwarded-proto': 'https' };
      const res = await https.app.inject({ method: 'POST', url: '/api/auth/signup', headers: viaProxy, payload: { username: 'secure_rep', email: 'secure@example.com', password: 'Quota-Crusher-2026' } });
      expect(res.statusCode).toBe(201);
      const cookie = res.cookies.find((c) => c.name === '__Host-sc_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(cookie?.domain).toBeUndefined();
      expect(res.cookies.find((c) => c.name === 'sc_session')).toBeUndefined();
      // The referral checks' browser cookie (docs/decisions/0016) takes the prefix for the same reason.
      expect(res.cookies.find((c) => c.name === '__Host-sc_device')).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect((await https.app.inject({ url: '/api/user', headers: { ...viaProxy, cookie: `__Host-sc_session=${cookie?.value}` } })).statusCode).toBe(200);
      // The plain name is not read over HTTPS, so a cookie planted by a sibling subdomain grants nothing.
      expect((await https.app.inject({ url: '/api/user', headers: { ...viaProxy, cookie: `sc_session=${cookie?.value}` } })).statusCode).toBe(401);
      // Plain HTTP keeps the plain name (a browser refuses __Host- cookies without Secure).
      const plain = await https.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: 'secure_rep', password: 'Quota-Crusher-2026' } });
      expect(plain.cookies.map((c) => c.name)).toEqual(['sc_session', 'sc_device']);
    } finally {
      await https.close();
    }
  });
});
