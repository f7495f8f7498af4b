import { count, desc, eq } from 'drizzle-orm';
import type { Escalation } from '../../../shared/schemas/escalations.js';
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

export async function listEscalations(db: Db): Promise<Escalation[]> {
  const messageCount = db
    .select({ chatSessionId: chatMessages.chatSessionId, n: count().as('n') })
    .from(chatMessages)
    .groupBy(chatMessages.chatSessionId)
    .as('mc');
  const rows = await db
    .select({ e: aiEscalations, username: users.username, sessionId: chatSessions.sessionId, n: messageCount.n })
    .from(aiEscalations)
    .innerJoin(users, eq(users.id, aiEscalations.userId))
    .leftJoin(chatSessions, eq(chatSessions.id, aiEscalations.chatSessionId))
    .leftJoin(messageCount, eq(messageCount.chatSessionId, aiEscalations.chatSessionId))
    .orderBy(desc(aiEscalations.createdAt), desc(aiEscalations.id))
    .limit(200);
  return rows.map(({ e, username, sessionId, n }) => ({
    ...escalationFields(e),
    id: e.id,
    user: { id: e.userId, username },
    sessionId,
    sessionMessageCount: Number(n ?? 0),
  }));
}

/**
 * An admin answers: the response joins the rep's conversation as a coaching-team message, and a
 * learning note joins the knowledge base, so the coach learns (DECISIONS §6).
 */
export async function respondToEscalation(db: Db, admin: UserRow, id: number, adminResponse: string, learningNote: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(aiEscalations).where(eq(aiEscalations.id, id)).for('update');
    if (!row) throw new HttpError(404, 'Escalation not found.');
    if (row.status === 'answered') throw new HttpError(409, 'This escalation has already been answered.');
    await tx
      .update(aiEscalations)
      .set({ status: 'answered', adminResponse, learningNote: learningNote || null, respondedBy: admin.id, updatedAt: now })
      .where(eq(aiEscalations.id, id));
    if (row.chatSessionId) {
      await tx.insert(chatMessages).values({ chatSessionId: row.chatSessionId, role: 'team', content: adminResponse, createdAt: now });
      await tx.update(chatSessions).set({ updatedAt: now }).where(eq(chatSessions.id, row.chatSessionId));
    }
  });
  if (learningNote) await appendKnowledge(db, `## Learning note\n\n${learningNote}`, `Learning note from escalation #${id}`, admin.id);
}
