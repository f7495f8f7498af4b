import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser } from '../../test/factories.js';
import { addressGroup } from './attempts.js';

/*
 * The sign-in lockout under a security probe (ASVS L2, docs/decisions/0015): an attempt is
 * counted before its password is checked, so a burst cannot have more passwords checked than
 * the limits allow, and one address guessing at an account locks only itself out of it.
 */

const PER_ACCOUNT = 10;
const PER_ACCOUNT_PER_IP = 4;
const WINDOW_MS = 15 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT), AUTH_RATE_LIMIT_PER_ACCOUNT_PER_IP: String(PER_ACCOUNT_PER_IP) });
});
afterAll(async () => t.close());

const signinFrom = (remoteAddress: string, emailOrUsername: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername, password }, remoteAddress });
const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
const countOf = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe('a burst of wrong sign-ins (the attempt is counted before the password is checked)', () => {
  it('checks at most the per-address limit of 40 parallel wrong passwords from one address, and then refuses the right one', async () => {
    const { user, password } = await makeUser(t.app);
    const burst = statuses(await Promise.all(Array.from({ length: 40 }, (_, i) => signinFrom('203.0.113.10', user.username, `Wrong-Guess-${i}`))));
    // 401 = the password was checked and was wrong; 429 = refused before any check.
    expect(countOf(burst, 401)).toBe(PER_ACCOUNT_PER_IP);
    expect(countOf(burst, 429)).toBe(40 - PER_ACCOUNT_PER_IP);
    expect((await signinFrom('203.0.113.10', user.username, password)).statusCode).toBe(429);
  });

  it('checks at most the per-account limit of 40 parallel wrong passwords from ten addresses, and then refuses the right one from anywhere', async () => {
    const { user, password } = await makeUser(t.app);
    const burst = statuses(
      await Promise.all(Array.from({ length: 40 }, (_, i) => signinFrom(`198.51.100.${i % 10}`, i % 2 ? user.email : user.username, `Wrong-Guess-${i}`))),
    );
    expect(countOf(burst, 401)).toBe(PER_ACCOUNT);
    expect(countOf(burst, 429)).toBe(40 - PER_ACCOUNT);
    const afterwards = await signinFrom('192.0.2.99', user.email, password);
    expect(afterwards.statusCode).toBe(429);
    expect(afterwards.json().message).toMatch(/^Too many failed sign-in attempts for this account\. Try again in 15 minutes\.$/);
  });

  it('limits an unknown identifier exactly as an account, so the 429 reveals nothing', async () => {
    const burst = statuses(await Promise.all(Array.from({ length: 20 }, (_, i) => signinFrom('203.0.113.11', 'no-such-rep', `Wrong-Guess-${i}`))));
    expect(countOf(burst, 401)).toBe(PER_ACCOUNT_PER_IP);
  });
});

describe('guessing from one address locks that address out of the account, not its owner', () => {
  it('refuses the guessing address after its own allowance while the owner signs in from elsewhere', async () => {
    const { user, password } = await makeUser(t.app);
    const attacker = '203.0.113.66';
    let failures = 0;
    let refused: LightMyRequestResponse | undefined;
    while (!refused && failures <= PER_ACCOUNT) {
      const res = await signinFrom(attacker, user.username, `Wrong-Guess-${failures}`);
      if (res.statusCode === 429) refused = res;
      else failures += 1;
    }
    expect(failures).toBe(PER_ACCOUNT_PER_IP);
    expect(refused?.json().message).toBe('Too many failed sign-in attempts for this account from your network. Try again in 15 minutes.');
    expect(Number(refused?.headers['retry-after'])).toBe(15 * 60);

    // The owner, at another address, is not locked out by the stranger's guesses.
    expect((await signinFrom('198.51.100.200', user.email, password)).statusCode).toBe(200);
    // The owner's success forgives nothing at the guessing address.
    expect((await signinFrom(attacker, user.username, password)).statusCode).toBe(429);
    // Its window ends 15 minutes after its first failure.
    t.clock.advance(WINDOW_MS);
    expect((await signinFrom(attacker, user.username, password)).statusCode).toBe(200);
  });

  it("still locks the account once enough addresses have guessed; the owner's own typos are forgiven by their success, other addresses' guesses are not", async () => {
    const { user, password } = await makeUser(t.app);
    const owner = '192.0.2.1';
    // The owner mistypes three times, then gets it right: those three no longer count anywhere.
    for (let i = 0; i < 3; i++) expect((await signinFrom(owner, user.username, `Typo-${i}`)).statusCode).toBe(401);
    expect((await signinFrom(owner, user.username, password)).statusCode).toBe(200);
    // Three addresses guess 4 + 4 + 1; the owner signs in again, which forgives none of those 9.
    for (const [address, tries] of [['203.0.113.1', 4], ['203.0.113.2', 4], ['203.0.113.3', 1]] as const) {
      for (let i = 0; i < tries; i++) expect((await signinFrom(address, user.username, `Wrong-${i}`)).statusCode).toBe(401);
    }
    expect((await signinFrom(owner, user.username, password)).statusCode).toBe(200);
    expect((await signinFrom('203.0.113.3', user.username, 'Wrong-again')).statusCode).toBe(401);
    const locked = await signinFrom('203.0.113.4', user.username, password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'rate_limited', message: 'Too many failed sign-in attempts for this account. Try again in 15 minutes.' });

    // Ten minutes on, the owner is still refused by the account's lock, five times over...
    t.clock.advance(10 * 60 * 1000);
    for (let i = 0; i < 5; i++) expect((await signinFrom(owner, user.username, password)).statusCode).toBe(429);
    // ...which cost them none of their own address's allowance: once the account's window ends, they are in.
    t.clock.advance(5 * 60 * 1000);
    expect((await signinFrom(owner, user.username, password)).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const { user, password } = await makeUser(t.app);
    for (let i = 0; i < PER_ACCOUNT_PER_IP; i++) expect((await signinFrom(`2001:db8:7:1::${i + 1}`, user.username, 'Wrong-Guess')).statusCode).toBe(401);
    expect((await signinFrom('2001:db8:7:1:ffff:1:2:3', user.username, password)).statusCode).toBe(429);
    expect((await signinFrom('2001:db8:7:2::1', user.username, password)).statusCode).toBe(200);
  });
});

describe('addressGroup', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:7:1::1', '2001:db8:7:1::/64'],
    ['2001:0DB8:0007:0001:ffff:1:2:3', '2001:db8:7:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s is counted as %s', (ip, group) => {
    expect(addressGroup(ip)).toBe(group);
  });
});
