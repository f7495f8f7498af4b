import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableColumns } from 'drizzle-orm';
import { aiEscalations, chatMessages, chatSessions, feedbacks, payments, sessions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser, sessionCookieOf, type SignedInUser } from '../../test/factories.js';
import { validProfile } from '../../test/profile.js';
import { AGE_MESSAGE } from '#shared/schemas/onboarding.js';
import { hashToken } from '../auth/service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const signIn = (emailOrUsername: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername, password } });

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

/** Opens an escalation the way a rep does: asking the coach for a person. Returns the conversation's public id. */
async function escalate(u: SignedInUser): Promise<string> {
  const created = await call('POST', '/api/chat/session', u.cookie, {});
  expect(created.statusCode).toBe(201);
  const sessionId = created.json<{ sessionId: string }>().sessionId;
  const sent = await call('POST', '/api/chat/message', u.cookie, { sessionId, message: 'Can I talk to a real person please?' });
  expect(sent.statusCode).toBe(200);
  expect(await t.db.select().from(aiEscalations).where(eq(aiEscalations.userId, u.user.id))).not.toHaveLength(0);
  return sessionId;
}

/** Gives the user a conversation, a feedback and a payment, written as the later features will. */
async function seedData(u: SignedInUser, words: string) {
  const [chat] = await t.db
    .insert(chatSessions)
    .values({ sessionId: randomUUID(), userId: u.user.id, title: `About ${words}` })
    .returning();
  if (!chat) throw new Error('no chat');
  await t.db.insert(chatMessages).values([
    { chatSessionId: chat.id, role: 'user', content: `My problem is ${words}.` },
    { chatSessionId: chat.id, role: 'assistant', content: `Let's work on ${words}.`, options: ['Tell me more', 'Role-play it'] },
  ]);
  await t.db.insert(feedbacks).values({ userId: u.user.id, type: 'general', category: 'chat', subject: `Feedback ${words}`, message: `The coach helped with ${words} a lot.` });
  await t.db.insert(payments).values({ userId: u.user.id, amount: 499, status: 'succeeded', stripePaymentIntentId: `pi_${words}` });
  return chat;
}

describe('PUT /api/account/profile', () => {
  it('edits the onboarding fields with the same rules', async () => {
    const u = await makeUser(t.app);
    const ok = await call('PUT', '/api/account/profile', u.cookie, validProfile({ industry: 'Solar', targetIncome: 9000 }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ industry: 'Solar', targetIncome: 9000, onboardingCompleted: true });
    const bad = await call('PUT', '/api/account/profile', u.cookie, validProfile({ age: 12 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.age).toContain(AGE_MESSAGE);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row?.age).toBe(34);
  });

  it('answers 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/account/profile', payload: validProfile() })).statusCode).toBe(401);
  });
});

describe('PUT /api/account/email', () => {
  it('changes the email after checking the password; sign-in works with the new one', async () => {
    const u = await makeUser(t.app);
    const wrong = await call('PUT', '/api/account/email', u.cookie, { email: 'new-address@example.com', currentPassword: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toContain('Your current password is not correct.');
    const ok = await call('PUT', '/api/account/email', u.cookie, { email: 'New-Address@example.com', currentPassword: u.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('New-Address@example.com');
    expect((await signIn('new-address@example.com', u.password)).statusCode).toBe(200);
  });

  it('refuses an email another account has, and an invalid one', async () => {
    const a = await makeUser(t.app);
    const b = await makeUser(t.app);
    const taken = await call('PUT', '/api/account/email', b.cookie, { email: a.user.email.toUpperCase(), currentPassword: b.password });
    expect(taken.statusCode).toBe(409);
    const invalid = await call('PUT', '/api/account/email', b.cookie, { email: 'not-an-email', currentPassword: b.password });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.email).toContain('Invalid email address');
    const [row] = await t.db.select().from(users).where(eq(users.id, b.user.id));
    expect(row?.email).toBe(b.user.email);
  });
});

describe('PUT /api/account/password', () => {
  it('changes the password, keeps this session and ends every other one', async () => {
    const u = await makeUser(t.app);
    const other = sessionCookieOf(await signIn(u.user.username, u.password));
    const res = await call('PUT', '/api/account/password', u.cookie, { currentPassword: u.password, newPassword: 'Brand-New-Pitch-42' });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/user', u.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/user', other)).statusCode).toBe(401);
    expect((await signIn(u.user.username, u.password)).statusCode).toBe(401);
    expect((await signIn(u.user.username, 'Brand-New-Pitch-42')).statusCode).toBe(200);
  });

  it('tells a device the change signed out why, with its own code, until that device signs in again', async () => {
    const u = await makeUser(t.app);
    const other = sessionCookieOf(await signIn(u.user.username, u.password));
    const stranger = `${other.slice(0, other.indexOf('='))}=not-a-session-token`;
    expect((await call('PUT', '/api/account/password', u.cookie, { currentPassword: u.password, newPassword: 'Brand-New-Pitch-42' })).statusCode).toBe(200);

    const refused = await call('GET', '/api/user', other);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'You were signed out because your password was changed on another device.', code: 'password_changed' });
    // Every signed-in route answers the same, not only the one tried first.
    expect((await call('POST', '/api/onboarding', other, validProfile())).json().code).toBe('password_changed');
    expect((await call('GET', '/api/auth/session', other)).json()).toEqual({ user: null, signedOutBecause: 'password_changed' });

    // An unknown token is an ordinary signed-out visitor, and the device that changed the password is not affected.
    expect((await call('GET', '/api/user', stranger)).json()).toEqual({ message: 'Please sign in to continue.' });
    expect((await call('GET', '/api/auth/session', stranger)).json()).toEqual({ user: null });
    expect((await call('GET', '/api/user', u.cookie)).statusCode).toBe(200);

    // Signing in again from that device replaces the ended session: no notice is left behind.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { cookie: other },
      payload: { emailOrUsername: u.user.username, password: 'Brand-New-Pitch-42' },
    });
    expect(again.statusCode).toBe(200);
    expect(await t.db.$count(sessions, eq(sessions.tokenHash, hashToken(tokenOf(other))))).toBe(0);
    expect((await call('GET', '/api/user', sessionCookieOf(again))).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a short one and a common one, changing nothing', async () => {
    const u = await makeUser(t.app);
    const cases = [
      [{ currentPassword: 'wrong-password-1', newPassword: 'Brand-New-Pitch-42' }, 'currentPassword'],
      [{ currentPassword: u.password, newPassword: 'short' }, 'newPassword'],
      [{ currentPassword: u.password, newPassword: 'Password123' }, 'newPassword'],
    ] as const;
    for (const [payload, field] of cases) {
      const res = await call('PUT', '/api/account/password', u.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBeDefined();
    }
    expect((await signIn(u.user.username, u.password)).statusCode).toBe(200);
  });
});

describe('GET /api/account/export', () => {
  it("downloads the user's own data, with readable transcripts, and nobody else's", async () => {
    const me = await makeUser(t.app);
    const other = await makeUser(t.app);
    await call('PUT', '/api/account/profile', me.cookie, validProfile());
    const chat = await seedData(me, 'cold calls');
    await seedData(other, 'secret pricing');

    const res = await call('GET', '/api/account/export', me.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="salescoach-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.account).toMatchObject({ id: me.user.id, username: me.user.username, email: me.user.email });
    expect(data.profile).toMatchObject({ city: 'Austin', industry: 'Dental supplies', onboardingCompleted: true });
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0].sessionId).toBe(chat.sessionId);
    expect(data.conversations[0].messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(data.conversations[0].transcriptMarkdown).toContain('# About cold calls');
    expect(data.conversations[0].transcriptMarkdown).toContain('## You');
    expect(data.conversations[0].transcriptMarkdown).toContain("Let's work on cold calls.");
    expect(data.feedback).toHaveLength(1);
    expect(data.payments).toEqual([expect.objectContaining({ amount: 499, status: 'succeeded' })]);
    expect(res.body).not.toContain('secret pricing');
    expect(res.body).not.toContain(other.user.email);
    expect(res.body).not.toMatch(/passwordHash|argon2|token/i);
  });

  it("includes the account's plan and trial fields, and every column of the user row but the password hash", async () => {
    const me = await makeUser(t.app);
    const plan = {
      weeklyFreeChatsRemaining: 0,
      lastWeeklyResetDate: new Date('2026-01-12T00:00:00.000Z'),
      hasUsedFreeTrial: true,
      freeSessionUsed: true,
      freeSessionExpiresAt: new Date('2026-01-20T08:30:00.000Z'),
      basicPurchaseDate: new Date('2025-12-01T10:15:00.000Z'),
      hasUsedProPromo: true,
      stripeCustomerId: 'cus_export_check',
      stripeSubscriptionId: 'sub_export_check',
    };
    await t.db.update(users).set(plan).where(eq(users.id, me.user.id));

    const data = (await call('GET', '/api/account/export', me.cookie)).json();
    expect(data.account).toMatchObject({
      ...plan,
      lastWeeklyResetDate: '2026-01-12T00:00:00.000Z',
      freeSessionExpiresAt: '2026-01-20T08:30:00.000Z',
      basicPurchaseDate: '2025-12-01T10:15:00.000Z',
    });
    // A column added to users later must reach the export too (product §10.2).
    const exported = new Set([...Object.keys(data.account), ...Object.keys(data.profile)]);
    const missing = Object.keys(getTableColumns(users)).filter((c) => c !== 'passwordHash' && !exported.has(c));
    expect(missing).toEqual([]);
  });

  it('lists the sign-in sessions, marks the one asking, and never shows a token or its hash', async () => {
    const firstAt = t.clock.now();
    const me = await makeUser(t.app);
    t.clock.advance(2 * HOUR);
    const secondAt = t.clock.now();
    const second = sessionCookieOf(await signIn(me.user.username, me.password));

    const res = await call('GET', '/api/account/export', second);
    expect(res.statusCode).toBe(200);
    const list: { createdAt: string; lastUsedAt: string; expiresAt: string; current: boolean }[] = res.json().sessions;
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toEqual([
      { createdAt: secondAt.toISOString(), lastUsedAt: secondAt.toISOString(), expiresAt: new Date(secondAt.getTime() + 90 * DAY).toISOString(), current: true, revoked: false },
    ]);
    expect(list.find((s) => !s.current)?.createdAt).toBe(firstAt.toISOString());

    const fromFirst = (await call('GET', '/api/account/export', me.cookie)).json().sessions;
    expect(fromFirst.filter((s: { current: boolean }) => s.current).map((s: { createdAt: string }) => s.createdAt)).toEqual([firstAt.toISOString()]);

    const rows = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, me.user.id));
    expect(rows).toHaveLength(2);
    for (const { tokenHash } of rows) expect(res.body).not.toContain(tokenHash);
    for (const cookie of [me.cookie, second]) expect(res.body).not.toContain(tokenOf(cookie));
  });

  it("includes the user's escalations with the conversation's public id, and nobody else's", async () => {
    const me = await makeUser(t.app);
    const other = await makeUser(t.app);
    const mine = await escalate(me);
    const theirs = await escalate(other);
    await t.db
      .update(aiEscalations)
      .set({ status: 'answered', adminResponse: 'Sam here, let us rehearse your opener.', learningNote: 'Open with the budget cycle.' })
      .where(eq(aiEscalations.userId, me.user.id));
    const [row] = await t.db.select().from(aiEscalations).where(eq(aiEscalations.userId, me.user.id));
    if (!row) throw new Error('no escalation');

    const res = await call('GET', '/api/account/export', me.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().escalations).toEqual([
      {
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        status: 'answered',
        priority: 'high',
        sessionId: mine,
        escalationReason: row.escalationReason,
        userMessage: 'Can I talk to a real person please?',
        aiAttempt: row.aiAttempt,
        adminResponse: 'Sam here, let us rehearse your opener.',
        learningNote: 'Open with the budget cycle.',
      },
    ]);
    expect(res.body).not.toContain(theirs);
  });

  it('answers 401 when signed out', async () => {
    expect((await t.app.inject({ url: '/api/account/export' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/account', () => {
  it('needs the typed confirmation and the password; a refused request deletes nothing', async () => {
    const u = await makeUser(t.app);
    const noConfirm = await call('DELETE', '/api/account', u.cookie, { confirmation: 'delete', currentPassword: u.password });
    expect(noConfirm.statusCode).toBe(400);
    expect(noConfirm.json().errors.confirmation).toContain('Please type DELETE to confirm.');
    const wrongPassword = await call('DELETE', '/api/account', u.cookie, { confirmation: 'DELETE', currentPassword: 'wrong-password-1' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.id, u.user.id))).toHaveLength(1);
  });

  it("removes the person and their data, keeps payments detached, ends the session, and leaves others' data alone", async () => {
    const u = await makeUser(t.app);
    const bystander = await makeUser(t.app);
    const chat = await seedData(u, 'objections');
    await seedData(bystander, 'follow-ups');

    const res = await call('DELETE', '/api/account', u.cookie, { confirmation: 'DELETE', currentPassword: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sc_session')?.value).toBe('');

    expect(await t.db.select().from(users).where(eq(users.id, u.user.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toHaveLength(0);
    expect(await t.db.select().from(chatSessions).where(eq(chatSessions.userId, u.user.id))).toHaveLength(0);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.chatSessionId, chat.id))).toHaveLength(0);
    expect(await t.db.select().from(feedbacks).where(eq(feedbacks.userId, u.user.id))).toHaveLength(0);
    const [kept] = await t.db.select().from(payments).where(eq(payments.stripePaymentIntentId, 'pi_objections'));
    expect(kept).toMatchObject({ userId: null, amount: 499 });

    expect((await call('GET', '/api/user', u.cookie)).statusCode).toBe(401);
    expect((await signIn(u.user.username, u.password)).statusCode).toBe(401);
    expect(await t.db.select().from(chatSessions).where(eq(chatSessions.userId, bystander.user.id))).toHaveLength(1);
    expect((await call('GET', '/api/user', bystander.cookie)).statusCode).toBe(200);
  });

  it('leaves no session and no escalation of the person behind', async () => {
    const u = await makeUser(t.app);
    const bystander = await makeUser(t.app);
    sessionCookieOf(await signIn(u.user.username, u.password));
    await escalate(u);
    await escalate(bystander);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toHaveLength(2);

    const res = await call('DELETE', '/api/account', u.cookie, { confirmation: 'DELETE', currentPassword: u.password });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toHaveLength(0);
    expect(await t.db.select().from(aiEscalations).where(eq(aiEscalations.userId, u.user.id))).toHaveLength(0);
    expect(await t.db.select().from(aiEscalations).where(eq(aiEscalations.userId, bystander.user.id))).toHaveLength(1);
  });
});
