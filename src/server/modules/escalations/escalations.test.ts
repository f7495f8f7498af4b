import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, aiEscalations, chatSessions, knowledgeVersions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantAdmin, makeAdmin, makeUser, type SignedInUser } from '../../test/factories.js';
import { parseSse } from '../../test/sse.js';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t.app, t.db);
});
afterAll(async () => t.close());

const newConversation = async (u: SignedInUser): Promise<string> =>
  (await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} })).json().sessionId;
const say = (u: SignedInUser, sessionId: string, message: string) =>
  t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message } });
const conversation = async (u: SignedInUser, sessionId: string) => (await t.app.inject({ url: `/api/chat/sessions/${sessionId}`, headers: { cookie: u.cookie } })).json();
const escalationOf = async (sessionId: string) => {
  const [chat] = await t.db.select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
  const [row] = await t.db.select().from(aiEscalations).where(eq(aiEscalations.chatSessionId, chat?.id ?? 0));
  if (!row) throw new Error(`no escalation for ${sessionId}`);
  return row;
};
const respond = (id: number, payload: object) => t.app.inject({ method: 'POST', url: `/api/admin/escalations/${id}/respond`, headers: { cookie: admin.cookie }, payload });
const list = async (query = '') => (await t.app.inject({ url: `/api/admin/escalations${query}`, headers: { cookie: admin.cookie } })).json();

/** A rep with a conversation handed to the coaching team. */
async function escalated(): Promise<{ rep: SignedInUser; sessionId: string; id: number }> {
  const rep = await makeUser(t.app);
  const sessionId = await newConversation(rep);
  await say(rep, sessionId, 'My prospects ghost me after demos.');
  await say(rep, sessionId, 'Can I talk to a real person please?');
  return { rep, sessionId, id: (await escalationOf(sessionId)).id };
}

describe("an admin's answer", () => {
  it("lands in the conversation the escalation came from, and in no other (not the rep's other one, not another rep's)", async () => {
    const a = await escalated();
    const aOther = await newConversation(a.rep);
    await say(a.rep, aOther, 'How do I open a cold call?');
    const b = await escalated();
    const before = { aOther: await conversation(a.rep, aOther), b: await conversation(b.rep, b.sessionId) };
    expect((await conversation(a.rep, a.sessionId)).awaitingTeam).toBe(true);
    expect(before.aOther.awaitingTeam).toBe(false);

    const res = await respond(a.id, { adminResponse: 'Hi, Sam from the coaching team here. Send me your demo agenda.' });
    expect(res.statusCode).toBe(200);

    const answered = await conversation(a.rep, a.sessionId);
    expect(answered.messages.at(-1)).toMatchObject({ role: 'team', content: 'Hi, Sam from the coaching team here. Send me your demo agenda.' });
    expect(answered.messages.filter((m: { role: string }) => m.role === 'team')).toHaveLength(1);
    expect(answered.awaitingTeam).toBe(false);
    expect(await conversation(a.rep, aOther)).toEqual(before.aOther);
    expect(await conversation(b.rep, b.sessionId)).toEqual(before.b);
    expect(before.b.awaitingTeam).toBe(true);
    // Another rep cannot read the answered conversation.
    expect((await t.app.inject({ url: `/api/chat/sessions/${a.sessionId}`, headers: { cookie: b.rep.cookie } })).statusCode).toBe(404);
  });

  it('adds the learning note to the knowledge base in the same transaction: when the note cannot be stored, neither is the answer', async () => {
    const e = await escalated();
    const versionsBefore = await t.db.$count(knowledgeVersions);
    await t.pool.query(`
      create or replace function fail_marked_knowledge() returns trigger language plpgsql as $$
      begin
        if new.content like '%refuse-this-note%' then raise exception 'refused'; end if;
        return new;
      end $$;
      create or replace trigger fail_marked_knowledge before insert on knowledge_versions for each row execute function fail_marked_knowledge();`);
    try {
      const failed = await respond(e.id, { adminResponse: 'Here is what I would do.', learningNote: 'refuse-this-note' });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.pool.query('drop trigger fail_marked_knowledge on knowledge_versions');
    }
    expect(await escalationOf(e.sessionId)).toMatchObject({ status: 'pending', adminResponse: null });
    expect((await conversation(e.rep, e.sessionId)).messages.some((m: { role: string }) => m.role === 'team')).toBe(false);
    expect(await t.db.$count(knowledgeVersions)).toBe(versionsBefore);

    const ok = await respond(e.id, { adminResponse: 'Here is what I would do.', learningNote: 'Reps who get ghosted after demos: book the next step before the demo ends.' });
    expect(ok.statusCode).toBe(200);
    expect(await t.db.$count(knowledgeVersions)).toBe(versionsBefore + 1);
    const kb = (await t.app.inject({ url: '/api/admin/knowledge-base', headers: { cookie: admin.cookie } })).json();
    expect(kb.knowledge).toMatch(/\n\n## Learning note\n\nReps who get ghosted after demos: book the next step before the demo ends\.\n$/);
    expect(kb.version).toMatchObject({ note: `Learning note from escalation #${e.id}`, createdBy: { id: admin.user.id } });
    const [audit] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, String(e.id)));
    expect(audit).toMatchObject({ action: 'escalation.respond', targetType: 'escalation', actorId: admin.user.id, summary: `Answered; learning note added as knowledge version #${kb.version.id}` });
  });

  it("needs a response (product §15.7's message) and is given once", async () => {
    const e = await escalated();
    const empty = await respond(e.id, { adminResponse: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Please provide a response for the user.', errors: { adminResponse: ['Please provide a response for the user.'] } });
    expect((await respond(e.id, { adminResponse: 'First answer.' })).statusCode).toBe(200);
    const again = await respond(e.id, { adminResponse: 'Second answer.' });
    expect(again.statusCode).toBe(409);
    expect((await respond(2_000_000, { adminResponse: 'Nobody.' })).statusCode).toBe(404);
  });
});

describe('the list and the states (pending → answered → closed)', () => {
  it('shows what the admin needs, filters by status, and closes', async () => {
    const e = await escalated();
    const item = (await list('?status=pending')).find((x: { id: number }) => x.id === e.id);
    expect(item).toMatchObject({
      status: 'pending',
      priority: 'high',
      user: { id: e.rep.user.id, username: e.rep.user.username },
      sessionId: e.sessionId,
      userMessage: 'Can I talk to a real person please?',
      escalationReason: expect.any(String),
      aiAttempt: expect.stringContaining('coaching team'),
      sessionMessageCount: 4,
      adminResponse: null,
      respondedBy: null,
    });
    expect(Number.isNaN(Date.parse(item.createdAt))).toBe(false);

    await respond(e.id, { adminResponse: 'On it.' });
    expect((await list('?status=pending')).some((x: { id: number }) => x.id === e.id)).toBe(false);
    expect((await list('?status=answered')).find((x: { id: number }) => x.id === e.id)).toMatchObject({ adminResponse: 'On it.', respondedBy: { username: admin.user.username } });

    const close = await t.app.inject({ method: 'POST', url: `/api/admin/escalations/${e.id}/close`, headers: { cookie: admin.cookie } });
    expect(close.statusCode).toBe(200);
    expect((await list('?status=closed')).find((x: { id: number }) => x.id === e.id)).toMatchObject({ status: 'closed' });
    expect((await list()).some((x: { id: number }) => x.id === e.id)).toBe(true);
    expect((await respond(e.id, { adminResponse: 'Too late.' })).statusCode).toBe(409);
    expect((await t.app.inject({ url: '/api/admin/escalations?status=open', headers: { cookie: admin.cookie } })).statusCode).toBe(400);
  });

  it('lists pending ones first, the most urgent first', async () => {
    const rows = await list();
    const pendingIndexes = rows.map((r: { status: string }, i: number) => (r.status === 'pending' ? i : -1)).filter((i: number) => i >= 0);
    expect(pendingIndexes).toEqual(pendingIndexes.map((_: number, i: number) => i));
  });
});

describe("the conversation behind an escalation (issue #25)", () => {
  const read = (id: number, cookie?: string) => t.app.inject({ url: `/api/admin/escalations/${id}/conversation`, headers: cookie ? { cookie } : {} });

  it('gives an unlocked admin the whole conversation, oldest first, with the escalated message and the coach attempt marked; the read is audited', async () => {
    const e = await escalated();
    const other = await escalated();
    const res = await read(e.id, admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const rep = await conversation(e.rep, e.sessionId);
    expect(body).toMatchObject({ escalationId: e.id, sessionId: e.sessionId, user: { id: e.rep.user.id, username: e.rep.user.username } });
    // The same messages the rep sees, in the same order: both of the rep's and both of the coach's replies.
    expect(body.messages.map((m: { id: number; role: string; content: string }) => [m.id, m.role, m.content])).toEqual(
      rep.messages.map((m: { id: number; role: string; content: string }) => [m.id, m.role, m.content]),
    );
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(body.messages[0].content).toBe('My prospects ghost me after demos.');
    expect(body.messages.map((m: { mark?: string }) => m.mark)).toEqual([undefined, undefined, 'escalated_message', 'coach_attempt']);
    expect(body.messages[3].content).toBe((await escalationOf(e.sessionId)).aiAttempt);
    // Only this escalation's conversation: nothing of the other rep's.
    const otherIds = (await conversation(other.rep, other.sessionId)).messages.map((m: { id: number }) => m.id);
    expect(body.messages.some((m: { id: number }) => otherIds.includes(m.id))).toBe(false);
    const audits = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'escalation.conversation_read'));
    expect(audits).toContainEqual(expect.objectContaining({ actorId: admin.user.id, targetType: 'escalation', targetId: String(e.id), summary: `Read ${e.rep.user.username}'s conversation (4 messages)` }));

    // After the answer, the team's message ends it.
    await respond(e.id, { adminResponse: 'Sam here: send me the demo agenda.' });
    expect((await read(e.id, admin.cookie)).json().messages.at(-1)).toMatchObject({ role: 'team', content: 'Sam here: send me the demo agenda.' });
  });

  it('is refused to a locked admin (403 admin_locked), to a rep (403, even their own) and to no one signed in (401); an unknown id is 404', async () => {
    const e = await escalated();
    const locked = await makeUser(t.app);
    await grantAdmin(t.db, locked.user.id);
    const asLocked = await read(e.id, locked.cookie);
    expect(asLocked.statusCode).toBe(403);
    expect(asLocked.json()).toMatchObject({ code: 'admin_locked' });
    const asRep = await read(e.id, e.rep.cookie);
    expect(asRep.statusCode).toBe(403);
    expect(asRep.json().messages).toBeUndefined();
    expect((await read(e.id, (await makeUser(t.app)).cookie)).statusCode).toBe(403);
    expect((await read(e.id)).statusCode).toBe(401);
    const unknown = await read(2_000_000, admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Escalation not found.' });
    expect((await t.app.inject({ url: '/api/admin/escalations/abc/conversation', headers: { cookie: admin.cookie } })).statusCode).toBe(400);
  });
});

describe('the open chat learns that the team has the conversation', () => {
  it("marks the streamed reply that opened the escalation, and only that one", async () => {
    const rep = await makeUser(t.app);
    const sessionId = await newConversation(rep);
    const stream = (message: string) =>
      t.app.inject({ method: 'POST', url: '/api/chat/message/stream', headers: { cookie: rep.cookie, accept: 'text/event-stream' }, payload: { sessionId, message } });
    const done = async (message: string) => parseSse((await stream(message)).body).find((e) => e.event === 'done')?.data;
    expect(await done('My prospects ghost me after demos.')).not.toHaveProperty('handedToTeam');
    expect(await done('I want to talk to a human coach.')).toMatchObject({ role: 'assistant', handedToTeam: true });
    expect((await conversation(rep, sessionId)).awaitingTeam).toBe(true);
  });
});
