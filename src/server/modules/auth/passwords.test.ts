import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser } from '../../test/factories.js';
import { countCommonPasswords } from './common-passwords.js';
import { isCommonPassword } from './passwords.js';

const MESSAGE = 'This password is too common. Please choose a less guessable one.';
// All five were accepted by the old 133-entry list.
const REFUSED = ['asdfasdf', 'qwer1234', '1111111111', 'aaaaaaaa', 'password1!'];

describe('isCommonPassword', () => {
  it('loads a list of at least 10,000 common passwords of 8+ characters', () => {
    expect(countCommonPasswords(8)).toBeGreaterThanOrEqual(10_000);
  });

  it.each(REFUSED)('refuses %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['AsDfAsDf', 'QWER1234', 'AaAaAaAa', 'PassWord1!', 'SalesCoach1'])('ignores case: refuses %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['sunshine2026!', 'monkey123$', 'dragon!!', 'salescoach1#'])('refuses a listed password with digits or symbols added: %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Quota-Crusher-2026', 'pipeline-hero-9', 'long-enough-1', 'correct horse battery staple'])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe('through the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it.each(REFUSED)('sign-up refuses %s with 400 and creates no user', async (password) => {
    const before = await t.db.$count(users);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: 'weak_pw', email: 'weak_pw@example.com', password } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toContain(MESSAGE);
    expect(res.cookies).toHaveLength(0);
    expect(await t.db.$count(users)).toBe(before);
  });

  it('a password change to a common password answers 400 naming newPassword and changes nothing', async () => {
    const u = await makeUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: { cookie: u.cookie },
      payload: { currentPassword: u.password, newPassword: 'qwer1234' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.newPassword).toContain(MESSAGE);
    const signIn = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: u.user.username, password } });
    expect((await signIn('qwer1234')).statusCode).toBe(401);
    expect((await signIn(u.password)).statusCode).toBe(200);
  });
});
