import { alias } from 'drizzle-orm/pg-core';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Escalation, EscalationConversation, EscalationConversationMessage, EscalationListQuery } from '#shared/schemas/escalations.js';
import type { Db } from '../../db/client.js';
import { aiEscalations, chatMessages, chatSessions, users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { appendKnowledge } from '../knowledge/service.js';

type EscalationRow = typeof aiEscalations.$inferSelect;

/** The fields of an escalation every view shows: the admin list and the rep's own export. */
export function escalationFields(e: EscalationRow) {
  return {
    createdAt: e.createdAt.toISOString(),
    status: e.status,
    priority: e.priority,
    escalationReason: e.escalationReason,
    userMessage: e.userMessage,
    aiAttempt: e.aiAttempt,
    adminResponse: e.adminResponse,
    learningNote: e.learningNote,
  };
}

const PRIORITY_ORDER = sql`case ${aiEscalations.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`;

/**
 * The admin's list: pending ones first, most urgent first, then the newest; filtered by status
 * when asked. 200 at most: the panel is a work queue, not an archive.
 */
export async function listEscalations(db: Db, query: EscalationListQuery = { status: 'all' }): Promise<Escalation[]> {
  const messageCount = db
    .select({ chatSessionId: chatMessages.chatSessionId, n: count().as('n') })
    .from(chatMessages)
    .groupBy(chatMessages.chatSessionId)
    .as('mc');
  const responder = alias(users, 'responder');
  const rows = await db
    .select({ e: aiEscalations, username: users.username, sessionId: chatSessions.sessionId, n: messageCount.n, responder: responder.username })
    .from(aiEscalations)
    .innerJoin(users, eq(users.id, aiEscalations.userId))
    .leftJoin(responder, eq(responder.id, aiEscalations.respondedBy))
    .leftJoin(chatSessions, eq(chatSessions.id, aiEscalations.chatSessionId))
    .leftJoin(messageCount, eq(messageCount.chatSessionId, aiEscalations.chatSessionId))
    .where(query.status === 'all' ? undefined : eq(aiEscalations.status, query.status))
    .orderBy(sql`${aiEscalations.status} <> 'pending'`, PRIORITY_ORDER, desc(aiEscalations.createdAt), desc(aiEscalations.id))
    .limit(200);
  return rows.map(({ e, username, sessionId, n, responder: responderName }) => ({
    ...escalationFields(e),
    id: e.id,
    updatedAt: e.updatedAt.toISOString(),
    user: { id: e.userId, username },
    sessionId,
    sessionMessageCount: Number(n ?? 0),
    respondedBy: e.respondedBy !== null && responderName !== null ? { id: e.respondedBy, username: responderName } : null,
  }));
}

/**
 * The conversation an escalation came from, whole and oldest first (issue #25): the coach tells
 * the rep the team "will read this conversation", so the admin answering it reads all of it, not
 * only the last message. Only that conversation: the escalation names it. The rep's message that
 * opened the escalation and the coach's reply to it (its attempt) are marked.
 */
export async function escalationConversation(db: Db, id: number): Promise<EscalationConversation> {
  const [row] = await db
    .select({ e: aiEscalations, username: users.username, sessionId: chatSessions.sessionId })
    .from(aiEscalations)
    .innerJoin(users, eq(users.id, aiEscalations.userId))
    .leftJoin(chatSessions, eq(chatSessions.id, aiEscalations.chatSessionId))
    .where(eq(aiEscalations.id, id))
    .limit(1);
  if (!row) throw new HttpError(404, 'Escalation not found.');
  const { e } = row;
  const rows =
    e.chatSessionId === null
      ? []
      : await db
          .select({ id: chatMessages.id, role: chatMessages.role, content: chatMessages.content, createdAt: chatMessages.createdAt, replyTo: chatMessages.replyTo })
          .from(chatMessages)
          .where(eq(chatMessages.chatSessionId, e.chatSessionId))
          .orderBy(asc(chatMessages.id));
  // The attempt is the reply to the escalated message; a reply stored before replies named their
  // message (reply_to) is the coach's first message after it.
  const attempt =
    rows.find((m) => m.role === 'assistant' && e.messageId !== null && m.replyTo === e.messageId) ??
    rows.find((m) => m.role === 'assistant' && e.messageId !== null && m.replyTo === null && m.id > e.messageId);
  const messages = rows.map((m): EscalationConversationMessage => {
    const mark = m.id === e.messageId ? 'escalated_message' : m.id === attempt?.id ? 'coach_attempt' : undefined;
    return { id: m.id, role: m.role, content: m.content, timestamp: m.createdAt.toISOString(), ...(mark ? { mark } : {}) };
  });
  return { escalationId: e.id, sessionId: row.sessionId, user: { id: e.userId, username: row.username }, messages };
}

/**
 * An admin answers: the response joins the rep's conversation (the one the escalation came
 * from, and only that one) as a coaching-team message, and a learning note joins the knowledge
 * base, so the coach learns (product §8). All of it in one transaction: an answer is never
 * stored without its note, nor a note without its answer. Returns the knowledge version the
 * note made, if any.
 */
export async function respondToEscalation(db: Db, admin: UserRow, id: number, adminResponse: string, learningNote: string, now: Date): Promise<{ knowledgeVersionId: number | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(aiEscalations).where(eq(aiEscalations.id, id)).for('update');
    if (!row) throw new HttpError(404, 'Escalation not found.');
    if (row.status !== 'pending') throw new HttpError(409, `This escalation has already been ${row.status}.`);
    await tx
      .update(aiEscalations)
      .set({ status: 'answered', adminResponse, learningNote: learningNote || null, respondedBy: admin.id, updatedAt: now })
      .where(eq(aiEscalations.id, id));
    if (row.chatSessionId) {
      await tx.insert(chatMessages).values({ chatSessionId: row.chatSessionId, role: 'team', content: adminResponse, createdAt: now });
      await tx.update(chatSessions).set({ updatedAt: now }).where(eq(chatSessions.id, row.chatSessionId));
    }
    if (!learningNote) return { knowledgeVersionId: null };
    const version = await appendKnowledge(tx, `## Learning note\n\n${learningNote}`, `Learning note from escalation #${id}`, admin.id);
    return { knowledgeVersionId: version.id };
  });
}

/** Closes an escalation (product §12.5: pending → answered → closed; a pending one may be closed unanswered). */
export async function closeEscalation(db: Db, id: number, now: Date): Promise<void> {
  const [row] = await db
    .update(aiEscalations)
    .set({ status: 'closed', updatedAt: now })
    .where(eq(aiEscalations.id, id))
    .returning({ id: aiEscalations.id });
  if (!row) throw new HttpError(404, 'Escalation not found.');
}

/** Whether a conversation waits for the coaching team: the chat checks for a reply while it does. */
export async function awaitsTeam(db: Db, chatSessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: aiEscalations.id })
    .from(aiEscalations)
    .where(sql`${aiEscalations.chatSessionId} = ${chatSessionId} and ${aiEscalations.status} = 'pending'`)
    .limit(1);
  return row !== undefined;
}
