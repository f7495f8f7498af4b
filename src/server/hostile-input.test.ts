/**
 * Text no person types (NUL, a lone surrogate, a direction override, 10,000 characters) sent to
 * every route that takes text: each answers 400 naming the field, and nothing is stored. Before
 * these were refused in the shared schemas, NUL and lone surrogates reached PostgreSQL and
 * answered 500 (on sign-in too, before any account).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAuditLog, aiEscalations, chatMessages, knowledgeVersions, sessions, users } from './db/schema/index.js';
import { buildTestApp, type TestApp } from './test/build-test-app.js';
import { makeUser, unlockPanel, type SignedInUser } from './test/factories.js';
import { validProfile } from './test/profile.js';

const HOSTILE: [string, string][] = [
  ['a NUL byte', 'hello\u0000world'],
  ['a lone surrogate', 'bad \ud800 surrogate'],
  ['a right-to-left override', 'invoice\u202Efdp.exe'],
  ['10,000 characters', 'x'.repeat(10_000)],
];

let t: TestApp;
let rep: SignedInUser;
let admin: SignedInUser;
let sessionId: string;
let escalationId: number;

beforeAll(async () => {
  t = await buildTestApp();
  rep = await makeUser(t.app);
  admin = await makeUser(t.app);
  await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
  await unlockPanel(t.app, admin);
  sessionId = (await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: rep.cookie }, payload: {} })).json().sessionId;
  await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: rep.cookie }, payload: { sessionId, message: 'Can I talk to a real person please?' } });
  const [esc] = await t.db.select().from(aiEscalations).where(eq(aiEscalations.userId, rep.user.id));
  escalationId = esc!.id;
});
afterAll(async () => t.close());

/** Everything a rejected request could have written. */
const snapshot = async () => ({
  users: await t.db.select().from(users).orderBy(users.id),
  sessions: await t.db.$count(sessions),
  messages: await t.db.$count(chatMessages),
  escalations: await t.db.select().from(aiEscalations).orderBy(aiEscalations.id),
  knowledge: await t.db.$count(knowledgeVersions),
  audit: await t.db.$count(adminAuditLog),
});

interface Route {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  cookie: () => string | undefined;
  fields: string[];
  body: (field: string, value: string) => Record<string, unknown>;
}

const routes: Route[] = [
  {
    name: 'sign-up',
    method: 'POST',
    url: () => '/api/auth/signup',
    cookie: () => undefined,
    fields: ['username', 'email', 'password'],
    body: (f, v) => ({ username: 'hostile_rep', email: 'hostile@example.com', password: 'Quota-Crusher-2026', [f]: v }),
  },
  {
    name: 'sign-in',
    method: 'POST',
    url: () => '/api/auth/signin',
    cookie: () => undefined,
    fields: ['emailOrUsername', 'password'],
    body: (f, v) => ({ emailOrUsername: rep.user.username, password: rep.password, [f]: v }),
  },
  ...(['/api/onboarding', '/api/account/profile'] as const).map(
    (url): Route => ({
      name: url,
      method: url === '/api/onboarding' ? 'POST' : 'PUT',
      url: () => url,
      cookie: () => rep.cookie,
      fields: ['city', 'state', 'biggestStruggle', 'industry', 'product'],
      body: (f, v) => validProfile({ [f]: v }),
    }),
  ),
  {
    name: 'email change',
    method: 'PUT',
    url: () => '/api/account/email',
    cookie: () => rep.cookie,
    fields: ['email', 'currentPassword'],
    body: (f, v) => ({ email: 'changed@example.com', currentPassword: rep.password, [f]: v }),
  },
  {
    name: 'password change',
    method: 'PUT',
    url: () => '/api/account/password',
    cookie: () => rep.cookie,
    fields: ['currentPassword', 'newPassword'],
    body: (f, v) => ({ currentPassword: rep.password, newPassword: 'Fresh-Pipeline-2027', [f]: v }),
  },
  {
    name: 'account deletion',
    method: 'DELETE',
    url: () => '/api/account',
    cookie: () => rep.cookie,
    fields: ['confirmation', 'currentPassword'],
    body: (f, v) => ({ confirmation: 'DELETE', currentPassword: rep.password, [f]: v }),
  },
  ...(['/api/chat/message', '/api/chat/message/stream'] as const).map(
    (url): Route => ({
      name: url,
      method: 'POST',
      url: () => url,
      cookie: () => rep.cookie,
      fields: ['message'],
      body: (f, v) => ({ sessionId, [f]: v }),
    }),
  ),
  {
    name: 'admin reply',
    method: 'POST',
    url: () => `/api/admin/escalations/${escalationId}/respond`,
    cookie: () => admin.cookie,
    fields: ['adminResponse', 'learningNote'],
    body: (f, v) => ({ adminResponse: 'Happy to help with your opener.', learningNote: 'Open with the season.', [f]: v }),
  },
  {
    name: 'admin unlock',
    method: 'POST',
    url: () => '/api/admin/unlock',
    cookie: () => admin.cookie,
    fields: ['secret'],
    body: (f, v) => ({ [f]: v }),
  },
  {
    name: 'knowledge test',
    method: 'POST',
    url: () => '/api/admin/test-knowledge',
    cookie: () => admin.cookie,
    fields: ['testMessage'],
    body: (f, v) => ({ [f]: v }),
  },
];

const cases = routes.flatMap((route) => route.fields.flatMap((field) => HOSTILE.map(([what, value]) => ({ route, field, what, value }))));

describe('hostile text on every route that takes text', () => {
  it.each(cases)('$route.name: $field with $what → 400 naming the field, nothing stored', async ({ route, field, value }) => {
    const before = await snapshot();
    const cookie = route.cookie();
    const res = await t.app.inject({ method: route.method, url: route.url(), payload: route.body(field, value), headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]?.length, res.body).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('still accepts what people do type: accents, emoji, right-to-left scripts, tabs and new lines', async () => {
    const message = 'Café pitch 🚀\tשלום مرحبا\nsecond line';
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: rep.cookie }, payload: { sessionId, message } });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages.at(-2).content).toBe(message);
  });
});

describe('ids past PostgreSQL integer', () => {
  it.each([
    ['GET', '/api/user?userId=2147483648'],
    ['POST', '/api/admin/escalations/2147483648/respond'],
    ['POST', '/api/admin/escalations/99999999999999999999/respond'],
  ] as const)('%s %s answers 400, not 500', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(method === 'POST' ? { payload: { adminResponse: 'hi' } } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBeTypeOf('string');
  });
});

describe('who is asking comes before what is asked', () => {
  it('answers 401 to a signed-out caller and 403 to a non-admin before looking at the body or the id', async () => {
    const url = '/api/admin/escalations/2147483648/respond';
    expect((await t.app.inject({ method: 'POST', url, payload: { adminResponse: 'x\u0000' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: rep.cookie }, payload: { adminResponse: 'x\u0000' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/chat/message', payload: { sessionId: 'nope', message: 'x\u0000' } })).statusCode).toBe(401);
  });
});
