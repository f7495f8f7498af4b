import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { hashToken, purgeExpiredSessions } from './sessions.js';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const hashOf = (u: SignedInUser) => hashToken(u.cookie.slice(u.cookie.indexOf('=') + 1));
const signedIn = async (u: SignedInUser) => (await t.app.inject({ url: '/api/user', headers: { cookie: u.cookie } })).statusCode === 200;

describe('purgeExpiredSessions', () => {
  it('deletes sessions past their 90-day end or idle for 30 days, keeps live ones, and counts what it deleted', async () => {
    // Day 0. Busy is used every 29 days, so it is never idle, yet it still ends on day 90.
    const busy = await makeUser(t.app);
    t.clock.advance(29 * DAY);
    expect(await signedIn(busy)).toBe(true);
    t.clock.advance(29 * DAY);
    expect(await signedIn(busy)).toBe(true);
    // Day 60: idle is never used again, so on day 91 it has been idle for 31 days.
    t.clock.advance(2 * DAY);
    const idle = await makeUser(t.app);
    // Day 62: quiet is 29 days idle on day 91, inside the window.
    t.clock.advance(2 * DAY);
    const quiet = await makeUser(t.app);
    t.clock.advance(25 * DAY);
    expect(await signedIn(busy)).toBe(true);
    t.clock.advance(4 * DAY);

    expect(await purgeExpiredSessions(t.db, t.clock.now())).toBe(2);
    const left = (await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions)).map((s) => s.tokenHash);
    expect(left).toEqual([hashOf(quiet)]);
    expect(left).not.toContain(hashOf(busy));
    expect(left).not.toContain(hashOf(idle));
    expect(await signedIn(quiet)).toBe(true);

    expect(await purgeExpiredSessions(t.db, t.clock.now())).toBe(0);
  });
});
