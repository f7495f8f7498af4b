import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Feedback, FeedbackInput, FeedbackListQuery, FeedbackStatus } from '#shared/schemas/feedback.js';
import type { Db } from '../../db/client.js';
import { feedbacks, users } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';

/** Stores what a user (or a visitor: `userId` null) sent; the sender comes from the session only. */
export async function createFeedback(db: Db, userId: number | null, input: FeedbackInput, now: Date): Promise<{ id: number; createdAt: string }> {
  const [row] = await db
    .insert(feedbacks)
    .values({ userId, type: input.type, category: input.category, subject: input.subject, message: input.message, rating: input.rating, email: input.email, createdAt: now })
    .returning({ id: feedbacks.id, createdAt: feedbacks.createdAt });
  if (!row) throw new Error('feedback insert returned nothing');
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}

const LIST_LIMIT = 500;

function toFeedback(row: typeof feedbacks.$inferSelect, username: string | null): Feedback {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    category: row.category,
    status: row.status,
    subject: row.subject,
    message: row.message,
    rating: row.rating,
    email: row.email,
    userId: row.userId,
    username,
  };
}

/** The admin's triage list (product §14.2 GET /api/feedback): newest first, filtered as asked. */
export async function listFeedback(db: Db, query: FeedbackListQuery): Promise<Feedback[]> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(feedbacks.status, query.status));
  if (query.type) filters.push(eq(feedbacks.type, query.type));
  if (query.category) filters.push(eq(feedbacks.category, query.category));
  const rows = await db
    .select({ f: feedbacks, username: users.username })
    .from(feedbacks)
    .leftJoin(users, eq(users.id, feedbacks.userId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
    .limit(LIST_LIMIT);
  return rows.map(({ f, username }) => toFeedback(f, username));
}

/** product §12.6: an admin may set any status. Answers the feedback as it now is, and the status it had. */
export async function setFeedbackStatus(db: Db, id: number, status: FeedbackStatus): Promise<{ feedback: Feedback; previous: FeedbackStatus }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: feedbacks.status }).from(feedbacks).where(eq(feedbacks.id, id)).for('update');
    if (!before) throw new HttpError(404, 'Feedback not found.');
    const [row] = await tx.update(feedbacks).set({ status }).where(eq(feedbacks.id, id)).returning();
    if (!row) throw new Error('feedback update returned nothing');
    const [sender] = row.userId === null ? [] : await tx.select({ username: users.username }).from(users).where(eq(users.id, row.userId));
    return { feedback: toFeedback(row, sender?.username ?? null), previous: before.status };
  });
}
