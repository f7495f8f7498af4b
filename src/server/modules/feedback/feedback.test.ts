import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, feedbacks } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeAdmin, makeUser, unlockPanel, type SignedInUser } from '../../test/factories.js';
import { FEEDBACK_PER_HOUR } from './routes.js';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t.app, t.db);
});
afterAll(async () => t.close());
// Each test starts a fresh hour, so the per-address limit counts only its own posts.
beforeEach(() => t.clock.advance(3_600_000));

const valid = { type: 'feature', category: 'chat', subject: 'Voice notes', message: 'I would love to send the coach a voice note from the car.', rating: 4, email: '' };
const send = (payload: object, cookie?: string) => t.app.inject({ method: 'POST', url: '/api/feedback', payload, headers: cookie ? { cookie } : {} });
const stored = async (id: number) => (await t.db.select().from(feedbacks).where(eq(feedbacks.id, id)))[0];

describe('sending feedback (product §11, §15.6)', () => {
  it('takes it from a visitor (no user) and from a user (the user from the session, never the body)', async () => {
    const visitor = await send({ ...valid, userId: null });
    expect(visitor.statusCode).toBe(201);
    expect(await stored(visitor.json().id)).toMatchObject({ userId: null, type: 'feature', category: 'chat', rating: 4, email: null, status: 'new' });

    const rep = await makeUser(t.app);
    const own = await send({ ...valid, userId: rep.user.id, email: 'rep@example.com' }, rep.cookie);
    expect(own.statusCode).toBe(201);
    expect(await stored(own.json().id)).toMatchObject({ userId: rep.user.id, email: 'rep@example.com' });
    const noClaim = await send(valid, rep.cookie);
    expect(await stored(noClaim.json().id)).toMatchObject({ userId: rep.user.id });

    const other = await makeUser(t.app);
    expect((await send({ ...valid, userId: other.user.id }, rep.cookie)).statusCode).toBe(403);
    expect((await send({ ...valid, userId: rep.user.id })).statusCode).toBe(403);
  });

  it("fills product §11's defaults: general, other, no rating, no email", async () => {
    const res = await send({ subject: 'Hello there', message: 'Just saying the coach is really helpful.' });
    expect(res.statusCode).toBe(201);
    expect(await stored(res.json().id)).toMatchObject({ type: 'general', category: 'other', rating: null, email: null });
  });

  it("refuses bad input with product §11's exact messages, naming the field, and stores nothing", async () => {
    const before = await t.db.$count(feedbacks);
    const cases: [object, string, string][] = [
      [{ subject: 'Hey' }, 'subject', 'Subject must be at least 5 characters'],
      [{ subject: '    Hey     ' }, 'subject', 'Subject must be at least 5 characters'],
      [{ message: 'Too short to help.' }, 'message', 'Message must be at least 20 characters'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
      [{ rating: 6 }, 'rating', 'Rating must be a whole number from 1 to 5.'],
      [{ rating: 0 }, 'rating', 'Rating must be a whole number from 1 to 5.'],
      [{ rating: 2.5 }, 'rating', 'Rating must be a whole number from 1 to 5.'],
      [{ type: 'rant' }, 'type', 'Please choose a feedback type.'],
      [{ category: 'billing' }, 'category', 'Please choose a category.'],
      [{ status: 'completed' }, 'status', 'Unknown field: status'],
    ];
    for (const [change, field, message] of cases) {
      const res = await send({ ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors[field === 'status' ? '_' : field]?.[0] ?? res.json().message, JSON.stringify(change)).toBe(message);
    }
    expect(await t.db.$count(feedbacks)).toBe(before);
  });

  it(`is rate-limited: ${FEEDBACK_PER_HOUR} an hour from one address, and per account`, async () => {
    for (let i = 0; i < FEEDBACK_PER_HOUR; i++) expect((await send(valid)).statusCode).toBe(201);
    const limited = await send(valid);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    t.clock.advance(3_600_000);
    expect((await send(valid)).statusCode).toBe(201);
  });
});

describe('triage (admin only)', () => {
  it('lists feedback newest first with filters, and sets any status, audited', async () => {
    // The hour each test starts with has ended the unlock of the last one.
    await unlockPanel(t.app, admin);
    const rep = await makeUser(t.app);
    const bug = (await send({ ...valid, type: 'bug', category: 'training', subject: 'Video stalls' }, rep.cookie)).json().id;
    t.clock.advance(1000);
    const idea = (await send({ ...valid, subject: 'Dark mode please' })).json().id;

    const all = await t.app.inject({ url: '/api/feedback', headers: { cookie: admin.cookie } });
    expect(all.statusCode).toBe(200);
    const ids = all.json().map((f: { id: number }) => f.id);
    expect(ids.indexOf(idea)).toBeLessThan(ids.indexOf(bug));
    expect(all.json().find((f: { id: number }) => f.id === bug)).toMatchObject({ type: 'bug', category: 'training', status: 'new', userId: rep.user.id, username: rep.user.username });
    expect(all.json().find((f: { id: number }) => f.id === idea)).toMatchObject({ userId: null, username: null });

    const bugs = (await t.app.inject({ url: '/api/feedback?type=bug&category=training', headers: { cookie: admin.cookie } })).json();
    expect(bugs.map((f: { id: number }) => f.id)).toEqual([bug]);

    const set = (id: number, status: string) => t.app.inject({ method: 'PATCH', url: `/api/feedback/${id}/status`, headers: { cookie: admin.cookie }, payload: { status } });
    const planned = await set(idea, 'planned');
    expect(planned.statusCode).toBe(200);
    expect(planned.json()).toMatchObject({ id: idea, status: 'planned' });
    expect((await t.app.inject({ url: '/api/feedback?status=planned', headers: { cookie: admin.cookie } })).json().map((f: { id: number }) => f.id)).toContain(idea);
    expect((await set(idea, 'new')).json().status).toBe('new');
    expect((await set(idea, 'archived')).statusCode).toBe(400);
    expect((await set(9_999_999, 'reviewed')).statusCode).toBe(404);
    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'feedback.status'));
    expect(audit.map((a) => [a.targetId, a.summary])).toEqual([
      [String(idea), 'Status: new → planned'],
      [String(idea), 'Status: planned → new'],
    ]);
  });

  it('refuses the list and the status change to visitors and users', async () => {
    const rep = await makeUser(t.app);
    expect((await t.app.inject({ url: '/api/feedback' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/feedback', headers: { cookie: rep.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/feedback/1/status', headers: { cookie: rep.cookie }, payload: { status: 'planned' } })).statusCode).toBe(403);
  });
});

describe("the rep's own data (product §10.2)", () => {
  it('exports the feedback a user sent and deletes it with the account; a visitor’s stays', async () => {
    const rep = await makeUser(t.app);
    const id = (await send({ ...valid, subject: 'Export me please' }, rep.cookie)).json().id;
    const exported = (await t.app.inject({ url: '/api/account/export', headers: { cookie: rep.cookie } })).json();
    expect(exported.feedback).toEqual([expect.objectContaining({ subject: 'Export me please', type: 'feature', status: 'new' })]);
    await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: rep.cookie }, payload: { confirmation: 'DELETE', currentPassword: rep.password } });
    expect(await stored(id)).toBeUndefined();
  });
});
