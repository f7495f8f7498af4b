import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AccountDeletionInput, AccountExport, EmailChangeInput, PasswordChangeInput } from '#shared/schemas/account.js';
import type { Db } from '../../db/client.js';
import { adminAuditLog, aiEscalations, chatMessages, chatSessions, feedbacks, payments, sessions, trainingDrills, trainingProgress, users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { communityExport, removeCommunityActivity } from '../community/service.js';
import { assertPasswordNotIdentity, assertUncommonPassword, emailTakenError, revokeOtherSessions, hashPassword, hashToken, verifyPassword } from '../auth/service.js';
import { escalationFields } from '../escalations/service.js';
import { exportPractice } from '../practice/service.js';
import { exportCallOutcomes } from '../progress/service.js';
import { exportDeck } from '../deck/service.js';
import { toUserDto } from '../user/service.js';
import { conversationToMarkdown } from './transcript.js';

async function assertPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    const message = 'Your current password is not correct.';
    throw new HttpError(400, message, { errors: { currentPassword: [message] } });
  }
}

export async function changeEmail(db: Db, user: UserRow, input: EmailChangeInput): Promise<UserRow> {
  await assertPassword(user, input.currentPassword);
  try {
    const [row] = await db.update(users).set({ email: input.email }).where(eq(users.id, user.id)).returning();
    if (!row) throw new Error(`user ${user.id} vanished while changing the email`);
    return row;
  } catch (err) {
    throw emailTakenError(err) ?? err;
  }
}

/** Changes the password and ends every other session, so a stolen session dies with the old password. */
export async function changePassword(db: Db, user: UserRow, currentToken: string, input: PasswordChangeInput): Promise<void> {
  await assertPassword(user, input.currentPassword);
  assertUncommonPassword(input.newPassword, 'newPassword');
  assertPasswordNotIdentity(input.newPassword, user, 'newPassword');
  if (input.newPassword === input.currentPassword) {
    const message = 'The new password must differ from the current one.';
    throw new HttpError(400, message, { errors: { newPassword: [message] } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeOtherSessions(tx, user.id, currentToken, 'password_changed');
  });
}

/**
 * Deletes the person: their row and, through the foreign keys, their sessions, conversations,
 * escalations, feedback, training marks and drills, practice weeks and days, objection deck cards and drill reviews, call outcomes and forum posts, replies, votes and reports. Payment records stay, detached (user id set null), as the law asks (product §10.2).
 */
/** `beforeDelete` runs once the password is confirmed: billing stops renewals there (billing/stopRenewals). */
export async function deleteAccount(db: Db, user: UserRow, input: AccountDeletionInput, beforeDelete?: (userId: number) => Promise<void>): Promise<void> {
  await assertPassword(user, input.currentPassword);
  await beforeDelete?.(user.id);
  await db.transaction(async (tx) => {
    // Other people's posts lose this person's votes and replies from their counts too.
    await removeCommunityActivity(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
  });
}

/**
 * Everything we hold about the user, and only theirs (every query is filtered by their id).
 * `currentToken` marks which of their sessions is asking, so they can tell it from the others.
 */
export async function exportAccount(db: Db, user: UserRow, currentToken: string | null, productName: string, now: Date): Promise<AccountExport> {
  const conversations = await db.select().from(chatSessions).where(eq(chatSessions.userId, user.id)).orderBy(asc(chatSessions.createdAt));
  const ids = conversations.map((c) => c.id);
  const messages = ids.length
    ? await db.select().from(chatMessages).where(inArray(chatMessages.chatSessionId, ids)).orderBy(asc(chatMessages.id))
    : [];
  const byConversation = new Map<number, typeof messages>();
  for (const m of messages) byConversation.set(m.chatSessionId, [...(byConversation.get(m.chatSessionId) ?? []), m]);
  const feedbackRows = await db.select().from(feedbacks).where(eq(feedbacks.userId, user.id)).orderBy(asc(feedbacks.createdAt));
  const paymentRows = await db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(asc(payments.createdAt));
  const sessionRows = await db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(asc(sessions.createdAt));
  const currentHash = currentToken ? hashToken(currentToken) : null;
  const escalationRows = await db
    .select({ escalation: aiEscalations, sessionId: chatSessions.sessionId })
    .from(aiEscalations)
    // Joined on the owner too, so a stray chat_session_id can never reveal someone else's conversation id.
    .leftJoin(chatSessions, and(eq(chatSessions.id, aiEscalations.chatSessionId), eq(chatSessions.userId, user.id)))
    .where(eq(aiEscalations.userId, user.id))
    .orderBy(asc(aiEscalations.createdAt), asc(aiEscalations.id));

  const callOutcomes = await exportCallOutcomes(db, user.id);
  const auditRows = await db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, user.id)).orderBy(asc(adminAuditLog.id));
  const community = await communityExport(db, user.id);
  const drillRows = await db
    .select({ drill: trainingDrills, sessionId: chatSessions.sessionId })
    .from(trainingDrills)
    .innerJoin(chatSessions, and(eq(chatSessions.id, trainingDrills.chatSessionId), eq(chatSessions.userId, user.id)))
    .where(eq(trainingDrills.userId, user.id))
    .orderBy(asc(trainingDrills.createdAt), asc(trainingDrills.chatSessionId));
  const practice = await exportPractice(db, user.id);
  const deck = await exportDeck(db, user.id);
  const trainingRows = await db.select().from(trainingProgress).where(eq(trainingProgress.userId, user.id)).orderBy(asc(trainingProgress.createdAt), asc(trainingProgress.partId));

  const dto = toUserDto(user);
  return {
    exportedAt: now.toISOString(),
    product: productName,
    // The response schema picks each part's fields from the one user object the API shows.
    account: { ...dto, basicUntil: user.basicUntil?.toISOString() ?? null, proUntil: user.proUntil?.toISOString() ?? null, referralProUntil: user.referralProUntil?.toISOString() ?? null },
    profile: dto,
    conversations: conversations.map((c) => {
      const own = byConversation.get(c.id) ?? [];
      return {
        sessionId: c.sessionId,
        title: c.title,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
        messages: own.map((m) => ({ role: m.role, content: m.content, options: m.options ?? null, createdAt: m.createdAt.toISOString() })),
        transcriptMarkdown: conversationToMarkdown(c.title, c.createdAt, own),
      };
    }),
    feedback: feedbackRows.map((f) => ({
      createdAt: f.createdAt.toISOString(),
      type: f.type,
      category: f.category,
      subject: f.subject,
      message: f.message,
      rating: f.rating,
      status: f.status,
      email: f.email,
    })),
    payments: paymentRows.map((p) => ({ createdAt: p.createdAt.toISOString(), amount: p.amount, status: p.status })),
    sessions: sessionRows.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      current: s.tokenHash === currentHash,
      revoked: s.revokedReason !== null,
    })),
    escalations: escalationRows.map(({ escalation: e, sessionId }) => ({ ...escalationFields(e), updatedAt: e.updatedAt.toISOString(), sessionId })),
    adminActions: auditRows.map((a) => ({ createdAt: a.createdAt.toISOString(), action: a.action, targetType: a.targetType, targetId: a.targetId, summary: a.summary })),
    training: trainingRows.map((r) => ({
      partId: r.partId,
      savedAt: r.savedAt?.toISOString() ?? null,
      watchedAt: r.watchedAt?.toISOString() ?? null,
      completedAt: r.completedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    trainingDrills: drillRows.map(({ drill: d, sessionId }) => ({ partId: d.partId, motion: d.motion, sessionId, createdAt: d.createdAt.toISOString(), finishedAt: d.finishedAt?.toISOString() ?? null })),
    callOutcomes,
    practice,
    community,
    deck,
  };
}
