import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpSchema } from '#shared/schemas/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser } from '../../test/factories.js';

/* A password that is the account's own username or email (ASVS 2.1.x probe) is refused, on both doors. */

const MESSAGE = 'Your password must not be your username or email address.';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('sign-up refuses a password that is the username or the email', () => {
  it.each([
    ['the username, in another case', { username: 'Pipeline_Pro', email: 'ppro@example.com', password: 'pipeline_PRO' }],
    ['the email, in another case', { username: 'mailpw', email: 'Jordan.Closer@example.com', password: 'jordan.closer@EXAMPLE.com' }],
    ["the email's local part", { username: 'localpw', email: 'Quota.Queen.77@example.com', password: 'quota.queen.77' }],
  ])('%s: 400 naming the password, and no account', async (_what, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toEqual([MESSAGE]);
    const signin = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: payload.username, password: payload.password } });
    expect(signin.statusCode).toBe(401);
  });

  it('accepts a password that only contains the username', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: 'contains_me', email: 'contains@example.com', password: 'contains_me and more' } });
    expect(res.statusCode).toBe(201);
  });

  it('is the rule the sign-up form checks with (the shared schema)', () => {
    const parsed = signUpSchema.safeParse({ username: 'FormRep', email: 'form.rep@example.com', password: 'FORM.REP' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toContainEqual(expect.objectContaining({ path: ['password'], message: MESSAGE }));
  });
});

describe('password change refuses a new password that is the username or the email', () => {
  it.each([
    ['the username', (u: { username: string; email: string }) => u.username.toUpperCase()],
    ['the email', (u: { username: string; email: string }) => u.email],
    ["the email's local part", (u: { username: string; email: string }) => u.email.split('@')[0]!],
  ])('%s: 400 naming newPassword, and the old password still works', async (_what, pick) => {
    const { user, cookie, password } = await makeUser(t.app);
    const res = await t.app.inject({ method: 'PUT', url: '/api/account/password', headers: { cookie }, payload: { currentPassword: password, newPassword: pick(user) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.newPassword).toEqual([MESSAGE]);
    const signin = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: user.username, password } });
    expect(signin.statusCode).toBe(200);
  });
});
