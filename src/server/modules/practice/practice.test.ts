import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Coaching } from '#shared/coaching.js';
import type { PracticePlan } from '#shared/schemas/practice.js';
import type { CallResult } from '#shared/schemas/progress.js';
import { callOutcomes, chatMessages, chatSessions, practiceDays, practiceWeeks, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, type SignedInUser } from '../../test/factories.js';
import { adminUser, basicUser, freeUser, proUser, quickProUser } from '../../test/plan-users.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The test clock's start (build-test-app.ts): Thursday 15 January 2026, 12:00 UTC. */
const NOW = new Date('2026-01-15T12:00:00Z');
beforeEach(() => t.clock.set(NOW));

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

const ok = async (method: Method, url: string, u: SignedInUser, payload?: unknown): Promise<PracticePlan> => {
  const res = await call(method, url, u.cookie, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json<PracticePlan>();
};
const plan = (u: SignedInUser, tz = 'UTC') => ok('GET', `/api/practice?tz=${encodeURIComponent(tz)}`, u);
const accept = (u: SignedInUser, timeZone = 'UTC') => ok('POST', '/api/practice/accept', u, { timeZone });
const doneToday = (u: SignedInUser) => ok('POST', '/api/practice/done-today', u, {});
const weekRows = (u: SignedInUser) => t.db.select().from(practiceWeeks).where(eq(practiceWeeks.userId, u.user.id));
const dayRows = (u: SignedInUser) => t.db.select().from(practiceDays).where(eq(practiceDays.userId, u.user.id));

/** Coaching replies (and outcomes on them) planted straight into the database, at given times. */
async function plant(u: SignedInUser, replies: { coaching: Coaching; result?: CallResult; at?: Date }[]) {
  const [chat] = await t.db.insert(chatSessions).values({ sessionId: randomUUID(), userId: u.user.id, title: 'Calls' }).returning();
  if (!chat) throw new Error('no conversation');
  for (const [i, r] of replies.entries()) {
    const at = r.at ?? new Date(NOW.getTime() - DAY + i * 60_000);
    await t.db.insert(chatMessages).values({ chatSessionId: chat.id, role: 'user', content: 'How do I…', createdAt: at });
    const [m] = await t.db.insert(chatMessages).values({ chatSessionId: chat.id, role: 'assistant', content: 'Try this', coaching: r.coaching, createdAt: new Date(at.getTime() + 1000) }).returning();
    if (!m) throw new Error('no reply');
    if (r.result) await t.db.insert(callOutcomes).values({ messageId: m.id, userId: u.user.id, result: r.result, createdAt: at, updatedAt: at });
  }
}
const coaching = (topic: Coaching['topics'][number], stage: Coaching['stage']): Coaching => ({ stage, topics: [topic], method: 'SPIN Selling' });

/** Every practice route with a valid body: the gate must hold on each. */
const ROUTES: { method: Method; url: string; body?: object }[] = [
  { method: 'GET', url: '/api/practice' },
  { method: 'POST', url: '/api/practice/accept', body: { timeZone: 'UTC' } },
  { method: 'POST', url: '/api/practice/swap', body: {} },
  { method: 'POST', url: '/api/practice/done-today', body: {} },
  { method: 'POST', url: '/api/practice/check-in', body: { didIt: 'yes' } },
  { method: 'PUT', url: '/api/practice/reminder', body: { reminderTime: '07:00' } },
  { method: 'GET', url: '/api/practice/plan.ics' },
];

describe('practice gating', () => {
  it('answers 401 on every route when signed out', async () => {
    for (const r of ROUTES) expect((await call(r.method, r.url, undefined, r.body)).statusCode, `${r.method} ${r.url}`).toBe(401);
  });

  it.each([
    ['on the free trial', () => makeUser(t.app)],
    ['on Free', () => freeUser(t)],
    ['on Basic', () => basicUser(t)],
  ])('refuses a user %s with 403 payment_required on every route, even with a bad body, and stores nothing', async (_label, make) => {
    const u = await make();
    for (const r of [...ROUTES, { method: 'POST' as const, url: '/api/practice/check-in', body: { didIt: 'maybe' } }]) {
      const res = await call(r.method, r.url, u.cookie, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'payment_required', message: expect.stringMatching(/practice plan is part of Pro/) });
    }
    expect(await weekRows(u)).toEqual([]);
  });

  it.each([
    ['Pro', () => proUser(t)],
    ['an admin', () => adminUser(t)],
  ])('lets %s get a plan', async (_label, make) => {
    const u = await make();
    expect((await plan(u)).proposal).not.toBeNull();
  });
});

describe('the choice from planted data', () => {
  it('proposes the behaviour for the heaviest improvement area, with why', async () => {
    const u = await quickProUser(t);
    await plant(u, [coaching('closing', 'close'), coaching('closing', 'close'), coaching('discovery', 'middle')].map((c) => ({ coaching: c })));
    const p = await plan(u);
    expect(p.proposal?.choice).toMatchObject({ behaviour: { id: 'trial-close-first' }, reason: expect.stringMatching(/heaviest improvement area on Progress is Closing · the close/) });
    expect(p.proposal?.alternative?.behaviour.id).toBe('ask-then-stay-quiet');
    expect(p.week).toBeNull();
  });

  it('puts the stalled-calls behaviour first when most logged outcomes stalled', async () => {
    const u = await quickProUser(t);
    await plant(u, [
      { coaching: coaching('closing', 'close'), result: 'stalled' },
      { coaching: coaching('closing', 'close'), result: 'stalled' },
      { coaching: coaching('closing', 'close'), result: 'won' },
      { coaching: coaching('closing', 'close'), result: 'stalled' },
    ]);
    expect((await plan(u)).proposal?.choice).toMatchObject({ behaviour: { id: 'dated-next-step' }, reason: expect.stringContaining('3 of 4') });
  });

  it('makes a proposal left untouched for a week again from the data as it is now', async () => {
    const u = await quickProUser(t);
    expect((await plan(u)).proposal?.choice.behaviour.id).toBe('dated-next-step');
    await plant(u, [coaching('prospecting', 'intro'), coaching('prospecting', 'intro')].map((c) => ({ coaching: c, at: new Date(NOW.getTime() + 2 * DAY) })));
    t.clock.advance(6 * DAY);
    expect((await plan(u)).proposal?.choice.behaviour.id).toBe('dated-next-step');
    t.clock.advance(DAY);
    expect((await plan(u)).proposal?.choice.behaviour.id).toBe('reason-first-opener');
    expect(await weekRows(u)).toHaveLength(1);
  });

  it("gives a new rep the starter for their motion, with that motion's line", async () => {
    const u = await quickProUser(t);
    await t.db.update(users).set({ industry: 'Solar', product: 'Solar panels, door to door' }).where(eq(users.id, u.user.id));
    const p = await plan(u);
    expect(p.motion).toBe('door');
    expect(p.proposal?.choice).toMatchObject({ behaviour: { id: 'reason-first-opener' }, reason: expect.stringMatching(/No coaching or call results yet/) });
  });
});

describe('a week of practice', () => {
  it('proposes once, swaps a limited number of times to the alternative shown, then accepts', async () => {
    const u = await quickProUser(t);
    const first = await plan(u);
    expect((await plan(u)).proposal?.choice.behaviour.id).toBe(first.proposal?.choice.behaviour.id);
    expect(await weekRows(u)).toHaveLength(1);
    const shown = first.proposal?.alternative?.behaviour.id;
    const swapped = await ok('POST', '/api/practice/swap', u, {});
    expect(swapped.proposal?.choice.behaviour.id).toBe(shown);
    expect(swapped.proposal?.swapsLeft).toBe(1);
    const again = await ok('POST', '/api/practice/swap', u, {});
    expect(again.proposal).toMatchObject({ swapsLeft: 0, alternative: null });
    const third = await call('POST', '/api/practice/swap', u.cookie, {});
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toMatch(/used your 2 swaps/);
    const accepted = await accept(u, 'America/New_York');
    expect(accepted.proposal).toBeNull();
    expect(accepted.week).toMatchObject({ startDate: '2026-01-15', endDate: '2026-01-21', timeZone: 'America/New_York', dayNumber: 1, doneToday: false, checkInOpen: false, reminderTime: '08:30' });
    expect(accepted.week?.choice.behaviour.id).toBe(again.proposal?.choice.behaviour.id);
    expect((await call('POST', '/api/practice/swap', u.cookie, {})).statusCode).toBe(409);
    expect((await call('POST', '/api/practice/accept', u.cookie, { timeZone: 'UTC' })).statusCode).toBe(409);
  });

  it('counts "done today" twice as one day, and the streak over days until a missed day breaks it', async () => {
    const u = await quickProUser(t);
    await plan(u);
    await accept(u);
    expect((await call('POST', '/api/practice/done-today', u.cookie, {})).statusCode).toBe(200);
    const twice = await doneToday(u);
    expect(twice.week).toMatchObject({ doneToday: true, practiceDays: ['2026-01-15'] });
    expect(twice.streak).toBe(1);
    expect(await dayRows(u)).toHaveLength(1);
    t.clock.advance(DAY);
    // Tomorrow, not done yet: the streak still stands (the day is not over).
    expect((await plan(u)).streak).toBe(1);
    expect((await doneToday(u)).streak).toBe(2);
    t.clock.advance(DAY);
    expect((await doneToday(u)).streak).toBe(3);
    t.clock.advance(2 * DAY); // 18 January missed
    const after = await plan(u);
    expect(after.streak).toBe(0);
    expect(after.week).toMatchObject({ dayNumber: 5, doneToday: false });
    expect((await doneToday(u)).streak).toBe(1);
  });

  it("uses the rep's own midnight, not UTC's", async () => {
    const u = await quickProUser(t);
    t.clock.set(new Date('2026-01-15T23:30:00Z')); // 18:30 in New York
    await plan(u, 'America/New_York');
    const p = await accept(u, 'America/New_York');
    expect(p.week?.startDate).toBe('2026-01-15');
    await doneToday(u);
    t.clock.set(new Date('2026-01-16T04:00:00Z')); // still 15 January, 23:00 in New York
    expect((await doneToday(u)).week?.practiceDays).toEqual(['2026-01-15']);
  });

  it("opens the check-in only on the week's last day, and the next week's choice follows it", async () => {
    const u = await quickProUser(t);
    await plant(u, [coaching('closing', 'close'), coaching('closing', 'close')].map((c) => ({ coaching: c })));
    const proposed = await plan(u);
    const behaviourId = proposed.proposal?.choice.behaviour.id;
    expect(behaviourId).toBe('trial-close-first');
    await accept(u);
    t.clock.advance(5 * DAY); // day 6
    const early = await call('POST', '/api/practice/check-in', u.cookie, { didIt: 'no' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/opens on the week's last day, 2026-01-21/);
    expect((await weekRows(u))[0]).toMatchObject({ status: 'active', checkInDidIt: null });
    t.clock.advance(DAY); // day 7
    expect((await plan(u)).week?.checkInOpen).toBe(true);
    const next = await ok('POST', '/api/practice/check-in', u, { didIt: 'no', result: 'stalled', note: 'Forgot on the busy days.' });
    // "Didn't stick": the same behaviour comes back first, saying why.
    expect(next.proposal?.choice).toMatchObject({ behaviour: { id: 'trial-close-first' }, reason: expect.stringMatching(/didn't happen on your calls/) });
    expect(next.history[0]).toMatchObject({ behaviourId: 'trial-close-first', checkIn: { didIt: 'no', result: 'stalled', note: 'Forgot on the busy days.' } });
    expect((await call('POST', '/api/practice/check-in', u.cookie, { didIt: 'yes' })).statusCode).toBe(409);

    // The second week sticks: the third week moves on and does not repeat it within four weeks.
    await accept(u);
    t.clock.advance(6 * DAY);
    const third = await ok('POST', '/api/practice/check-in', u, { didIt: 'yes', result: 'won' });
    expect(third.proposal?.choice.behaviour.id).toBe('ask-then-stay-quiet');
    expect(third.proposal?.alternative?.behaviour.id).not.toBe('trial-close-first');
  });

  it('does not mark days after the week ended without a check-in', async () => {
    const u = await quickProUser(t);
    await plan(u);
    await accept(u);
    t.clock.advance(7 * DAY);
    const res = await call('POST', '/api/practice/done-today', u.cookie, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/check in/);
    expect(await dayRows(u)).toEqual([]);
  });
});

describe('the calendar file', () => {
  it('has seven daily events at the reminder time in the rep\'s zone, with the behaviour and drill', async () => {
    const u = await quickProUser(t);
    await plan(u);
    expect((await call('GET', '/api/practice/plan.ics', u.cookie)).statusCode).toBe(409);
    const p = await accept(u, 'Europe/Berlin');
    await ok('PUT', '/api/practice/reminder', u, { reminderTime: '07:15' });
    const res = await call('GET', '/api/practice/plan.ics', u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="practice-plan.ics"');
    const text = res.body.replace(/\r\n[ \t]/g, '');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text.trimEnd()).toMatch(/END:VCALENDAR$/);
    const starts = [...text.matchAll(/^DTSTART:(\d{8}T\d{6}Z)$/gm)].map((m) => m[1]);
    // 07:15 in Berlin (UTC+1 in January) is 06:15 UTC, from the 15th to the 21st.
    expect(starts).toEqual(['15', '16', '17', '18', '19', '20', '21'].map((d) => `202601${d}T061500Z`));
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(7);
    expect(text.match(/BEGIN:VALARM/g)).toHaveLength(7);
    const behaviour = p.week?.choice.behaviour;
    expect(text).toContain('SUMMARY:Two-minute practice (day 1 of 7)');
    expect(text).toContain(`DESCRIPTION:${behaviour?.behaviour.replace(/,/g, '\\,').replace(/;/g, '\\;')}\\n\\nTwo-minute drill:\\n1. `);
    expect(text).toContain('Two-minute drill:');
  });
});

describe('bad input and other users', () => {
  it('answers 400 to bad input and changes nothing', async () => {
    const u = await quickProUser(t);
    await plan(u);
    const before = await weekRows(u);
    for (const [method, url, body] of [
      ['GET', '/api/practice?tz=Mars%2FOlympus', undefined],
      ['GET', '/api/practice?tz=%3Cscript%3E', undefined],
      ['POST', '/api/practice/accept', { timeZone: 'Mars/Olympus' }],
      ['POST', '/api/practice/accept', { timeZone: 'UTC', reminderTime: '25:00' }],
      ['POST', '/api/practice/accept', { timeZone: 'UTC', extra: 1 }],
      ['POST', '/api/practice/accept', {}],
    ] as const) {
      const res = await call(method, url, u.cookie, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
    }
    expect(await weekRows(u)).toEqual(before);
    await accept(u);
    t.clock.advance(6 * DAY);
    for (const body of [{ didIt: 'maybe' }, { didIt: 'yes', result: 'great' }, { didIt: 'yes', note: 'x'.repeat(501) }, { didIt: 'yes', note: 'bad\u0000' }]) {
      expect((await call('POST', '/api/practice/check-in', u.cookie, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PUT', '/api/practice/reminder', u.cookie, { reminderTime: '8:30pm' })).statusCode).toBe(400);
    expect((await weekRows(u))[0]).toMatchObject({ status: 'active', checkInDidIt: null, reminderTime: '08:30' });
  });

  it("leaves another user's plan untouched", async () => {
    const a = await quickProUser(t);
    const b = await quickProUser(t);
    await plan(a);
    await accept(a);
    await doneToday(a);
    const aWeeks = await weekRows(a);
    await plan(b);
    await ok('POST', '/api/practice/swap', b, {});
    await accept(b);
    await doneToday(b);
    t.clock.advance(6 * DAY);
    await ok('POST', '/api/practice/check-in', b, { didIt: 'yes' });
    expect(await weekRows(a)).toEqual(aWeeks);
    expect(await dayRows(a)).toHaveLength(1);
    // A's calendar is A's week.
    expect((await call('GET', '/api/practice/plan.ics', a.cookie)).body).toContain(`practice-${aWeeks[0]?.id}-2026-01-15`);
  });
});

describe('the account', () => {
  it('exports the weeks and practice days, and deletes them with the account', async () => {
    const u = await quickProUser(t);
    await plan(u);
    await accept(u);
    await doneToday(u);
    const exported = await call('GET', '/api/account/export', u.cookie);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().practice).toMatchObject({
      weeks: [{ status: 'active', startDate: '2026-01-15', timeZone: 'UTC', checkIn: null }],
      practiceDays: [{ day: '2026-01-15' }],
    });
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: u.cookie }, payload: { confirmation: 'DELETE', currentPassword: u.password } });
    expect(deleted.statusCode).toBe(200);
    expect(await weekRows(u)).toEqual([]);
    expect(await dayRows(u)).toEqual([]);
  });
});
