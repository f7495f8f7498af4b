import { and, eq, lt, sql } from 'drizzle-orm';
import type { PlanCatalogue } from '#shared/plans.js';
import type { Db, Tx } from '../../db/client.js';
import { withRetry } from '../../db/errors.js';
import { chatSessions, users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { chatAccess, daysUntil, mayStartConversation, nextFreeChatAt, windowExpired } from './entitlements.js';

/** product §3.3: the free conversation stays open for the window, up to this many rep messages. */
export const FREE_CONVERSATION_MESSAGE_CAP = 60;

type ChatRow = typeof chatSessions.$inferSelect;

/** True while a free user's conversation is the one their current window opened. */
export function openInWindow(chat: Pick<ChatRow, 'freeWindowStart'>, user: UserRow, plans: PlanCatalogue, now: Date): boolean {
  return (
    chat.freeWindowStart !== null &&
    user.lastWeeklyResetDate !== null &&
    chat.freeWindowStart.getTime() === user.lastWeeklyResetDate.getTime() &&
    !windowExpired(user.lastWeeklyResetDate, plans, now)
  );
}

export function paymentRequired(user: UserRow, plans: PlanCatalogue, now: Date): HttpError {
  const next = nextFreeChatAt(user, plans, now);
  const when = next ? ` Your next free chat resets in ${daysUntil(next, now)} day(s).` : '';
  return new HttpError(402, `Your free weekly chat has been used. Upgrade to keep coaching.${when}`, { code: 'payment_required' });
}

/** New Chat for a free user whose window's chat is spent: refused before anything is created. */
export function assertMayStartConversation(user: UserRow, plans: PlanCatalogue, now: Date): void {
  if (!mayStartConversation(user, plans, now)) throw paymentRequired(user, plans, now);
}

const capReached = () =>
  new HttpError(402, 'This free conversation has reached its message limit. Upgrade to keep coaching.', { code: 'payment_required' });

/**
 * Locks the user's row. Every transaction that writes both a user and one of their conversations
 * takes this lock first, before any conversation row: one lock order everywhere, so two such
 * transactions queue instead of deadlocking. `no key update` leaves the key-share locks that
 * foreign keys take (inserting a message, an escalation) free to proceed.
 */
export async function lockUser(tx: Tx, userId: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  return row;
}

/**
 * A free-tier rep's message, accepted atomically (product §3.3): under the user's lock, then the
 * conversation's, the conversation takes the window's free chat if it does not hold it yet, then
 * one of its messages under the cap, as a conditional update. However many sends arrive at once,
 * exactly one conversation gets the week's chat and none passes the cap.
 */
async function reserveFreeMessage(db: Db, userId: number, chatId: number, plans: PlanCatalogue, now: Date): Promise<void> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      const [chat] = await tx.select().from(chatSessions).where(eq(chatSessions.id, chatId)).for('no key update');
      if (!user || !chat) throw new HttpError(404, 'Conversation not found.');

      if (!openInWindow(chat, user, plans, now)) {
        const expired = windowExpired(user.lastWeeklyResetDate, plans, now);
        if (!expired && user.weeklyFreeChatsRemaining <= 0) throw paymentRequired(user, plans, now);
        const windowStart = expired ? now : (user.lastWeeklyResetDate as Date);
        await tx
          .update(users)
          .set({
            lastWeeklyResetDate: windowStart,
            weeklyFreeChatsRemaining: (expired ? plans.free.chatsPerWindow : user.weeklyFreeChatsRemaining) - 1,
            freeSessionUsed: true,
          })
          .where(eq(users.id, userId));
        // The window's messages start from zero, whichever conversation it goes to.
        await tx.update(chatSessions).set({ freeWindowStart: windowStart, freeMessagesUsed: 0 }).where(eq(chatSessions.id, chatId));
      }

      const taken = await tx
        .update(chatSessions)
        .set({ freeMessagesUsed: sql`${chatSessions.freeMessagesUsed} + 1` })
        .where(and(eq(chatSessions.id, chatId), lt(chatSessions.freeMessagesUsed, FREE_CONVERSATION_MESSAGE_CAP)))
        .returning({ id: chatSessions.id });
      if (taken.length === 0) throw capReached();
    }),
  );
}

/**
 * The chat's one call for metering (issue #14): takes what this message costs the user's plan
 * and says whether it was taken from the free allowance (to give back if no reply is stored).
 * Unlimited users (admin, paid, trial) cost nothing: no statement, no transaction, since their
 * access is read from the session's user row. It takes the pool rather than a transaction for
 * that reason: only the free tier's reservation opens one (with the user's lock first).
 */
export async function reserveChat(db: Db, user: UserRow, chatId: number, plans: PlanCatalogue, now: Date): Promise<boolean> {
  if (chatAccess(user, plans, now) !== 'free') return false;
  await reserveFreeMessage(db, user.id, chatId, plans, now);
  return true;
}

/** Gives back a reserved message the rep never got a reply to (the coach failed before anything was stored). */
export async function releaseFreeMessage(db: Db, chatId: number): Promise<void> {
  await db
    .update(chatSessions)
    .set({ freeMessagesUsed: sql`greatest(${chatSessions.freeMessagesUsed} - 1, 0)` })
    .where(eq(chatSessions.id, chatId));
}
