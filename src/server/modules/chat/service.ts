import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Coaching } from '#shared/coaching.js';
import type { PlanCatalogue } from '#shared/plans.js';
import type { ChatMessage, ChatSession, ChatStatus, ConversationSummary, SendMessageResponse } from '#shared/schemas/chat.js';
import type { Db, Tx } from '../../db/client.js';
import { pgErrorOf, withRetry } from '../../db/errors.js';
import { countHitSql, countHitValues, overLimitFor, type Limit } from '../../plugins/rate-limits.js';
import { aiEscalations, callOutcomes, chatMessages, chatSessions, users, type CallOutcomeRow, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import {
  assertMayStartConversation,
  chatAccess,
  FREE_CONVERSATION_MESSAGE_CAP,
  daysUntil,
  freeChatsRemaining,
  lockUser,
  mayStartConversation,
  nextFreeChatAt,
  planOf,
  releaseFreeMessage,
  reserveChat,
  trialEndsAt,
  windowExpired,
  windowMs,
} from '../billing/service.js';
import type { CoachContext, CoachReply, HistoryMessage, KnowledgePassage } from '../coach/service.js';
import { awaitsTeam } from '../escalations/service.js';
import { LIVE_VERSION_SQL, passagesSql, searchKnowledge, searchQueryText, toPassages } from '../knowledge/service.js';
import { toReplyOutcome } from '../progress/service.js';

const TITLE_MAX = 80;

type MessageRow = typeof chatMessages.$inferSelect;
type ChatRow = typeof chatSessions.$inferSelect;

export function toChatMessage(row: MessageRow, outcome: CallOutcomeRow | null = null): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    ...(row.options?.length ? { options: row.options } : {}),
    ...(row.coaching ? { coaching: row.coaching } : {}),
    ...(row.clientId ? { clientId: row.clientId } : {}),
    ...(outcome ? { outcome: toReplyOutcome(outcome) } : {}),
  };
}

/**
 * New Chat. A free user whose window's chat is spent is refused (402) before anything is made:
 * they could not send a first message in it. A conversation the user left empty is reused rather
 * than another made, so tapping New Chat again and again leaves no trail of empty conversations.
 */
export async function createConversation(db: Db, user: UserRow, plans: PlanCatalogue, now: Date): Promise<ChatSession> {
  assertMayStartConversation(user, plans, now);
  const [empty] = await db
    .update(chatSessions)
    .set({ updatedAt: now })
    .where(
      sql`${chatSessions.id} = (
        select c.id from ${chatSessions} c
        where c.user_id = ${user.id} and not exists (select 1 from ${chatMessages} m where m.chat_session_id = c.id)
        order by c.id desc limit 1
      )`,
    )
    .returning({ sessionId: chatSessions.sessionId });
  if (empty) return { sessionId: empty.sessionId, messages: [] };
  const sessionId = randomUUID();
  await db.insert(chatSessions).values({ sessionId, userId: user.id, createdAt: now, updatedAt: now });
  return { sessionId, messages: [] };
}

/**
 * A conversation that starts with the coach's turn already written (a lesson's drill, issue #27:
 * the buyer's opening line, so the rep answers it at once). The same rule as New Chat decides
 * whether the user may start one. It is named and counted as a coaching session here, since its
 * first message from the rep is not its first message. `also` writes, in the same transaction,
 * what the caller keeps about it (the drill's row), so neither exists without the other.
 */
export async function createConversationWith(
  db: Db,
  user: UserRow,
  plans: PlanCatalogue,
  now: Date,
  opening: { title: string; reply: CoachReply },
  also: (tx: Tx, chatId: number) => Promise<void>,
): Promise<ChatSession> {
  assertMayStartConversation(user, plans, now);
  const sessionId = randomUUID();
  const { reply } = opening;
  const message = await withRetry(() =>
    db.transaction(async (tx) => {
      // The user's lock first, as a first message takes it (lockForFirstMessage), so the two never deadlock.
      await lockUser(tx, user.id);
      const [chat] = await tx.insert(chatSessions).values({ sessionId, userId: user.id, title: opening.title.slice(0, TITLE_MAX), createdAt: now, updatedAt: now }).returning({ id: chatSessions.id });
      if (!chat) throw new Error('conversation insert returned nothing');
      const [row] = await tx
        .insert(chatMessages)
        .values({ chatSessionId: chat.id, role: 'assistant', content: reply.content, options: reply.options.length ? reply.options : null, coaching: reply.coaching, engineState: reply.state ?? null, createdAt: now })
        .returning();
      await tx.update(users).set({ sessionCount: sql`${users.sessionCount} + 1` }).where(eq(users.id, user.id));
      await also(tx, chat.id);
      return row;
    }),
  );
  if (!message) throw new Error('message insert returned nothing');
  return { sessionId, messages: [toChatMessage(message)] };
}

/** The caller's conversation; another user's id answers the same 404 as a missing one. */
async function ownConversation(db: Db, userId: number, sessionId: string): Promise<ChatRow> {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.sessionId, sessionId), eq(chatSessions.userId, userId)))
    .limit(1);
  if (!row) throw new HttpError(404, 'Conversation not found.');
  return row;
}

/** The messages with each coaching reply's logged call outcome (progress), in the same statement. */
async function messagesOf(db: Db, chatId: number): Promise<{ message: MessageRow; outcome: CallOutcomeRow | null }[]> {
  return db
    .select({ message: chatMessages, outcome: callOutcomes })
    .from(chatMessages)
    .leftJoin(callOutcomes, eq(callOutcomes.messageId, chatMessages.id))
    .where(eq(chatMessages.chatSessionId, chatId))
    .orderBy(asc(chatMessages.id));
}

/** Every chat field is null when the conversation is not the caller's (the counter's row stands alone). */
interface TurnReadRow {
  id: number | null;
  session_id: string;
  user_id: number;
  title: string | null;
  is_active: boolean;
  free_window_start: Date | null;
  free_messages_used: number;
  created_at: Date;
  updated_at: Date;
  messages: {
    id: number;
    role: MessageRow['role'];
    content: string;
    options: string[] | null;
    coaching: Coaching | null;
    engineState: Record<string, unknown> | null;
    clientId: string | null;
    replyTo: number | null;
    createdAt: string;
  }[];
  passages: { title: string; content: string; rank: number }[];
  /** The live knowledge version the passages came from: the key of the engine's cached searches. */
  knowledge_version: number | null;
  rate_hits: number;
  rate_window_start: Date;
}

/**
 * How many of a conversation's newest messages a turn reads (with its first message and the
 * message holding the newest engine state, when older). The engines' memory of a long
 * conversation is that engine state (the playbook's dialogue state: techniques used, questions
 * asked, facts, the problem); the messages are for what was just said. The LLM engine keeps the
 * first message and the newest ones that fit its budget, so it gets the same ends. Bounded, so a
 * message costs the same at the 40th message as at the 4th (issue #26; ADR 0005).
 */
export const TURN_HISTORY_WINDOW = 20;

/**
 * Everything a chat turn reads, in one statement: the caller's conversation, the messages the
 * engine needs and the knowledge passages for the message. Every chat message runs it, so it is a
 * named prepared statement, and the messages come back as one JSON value rather than a row each.
 * Only the newest engine state is returned: the engine resumes from it and reads no older one.
 * $3 is the message's search terms; when the message names no topic of its own ($4), the first
 * two topics the coach diagnosed last are searched too (so "Give me another tip" stays on topic).
 * It also counts the message against the user's per-minute limit ($6–$8): folded in here, the
 * count costs no statement and no round trip of its own (measured: a separate one added ~0.3 ms
 * of CPU per message, app and PostgreSQL together). $9 is TURN_HISTORY_WINDOW.
 */
const TURN_READ_SQL = `
  with counted as (
    ${countHitSql('$6', '$7', '$8')}
  ), chat as materialized (
    select * from chat_sessions where session_id = $1 and user_id = $2
  ), search as materialized (
    select to_tsquery('english', concat_ws(' | ', nullif($3::text, ''),
      replace(t.topics->>0, '_', ' | '), replace(t.topics->>1, '_', ' | '))) as query
    from chat, lateral (
      select (
        select m.coaching->'topics' from chat_messages m
        where $4::boolean and m.chat_session_id = chat.id and jsonb_array_length(m.coaching->'topics') > 0
        order by m.id desc limit 1
      ) as topics
    ) t
  ), state as materialized (
    select (select m.id from chat_messages m where m.chat_session_id = chat.id and m.engine_state is not null order by m.id desc limit 1) as id
    from chat
  )
  select chat.id, chat.session_id, chat.user_id, chat.title, chat.is_active, chat.free_window_start, chat.free_messages_used, chat.created_at, chat.updated_at,
    coalesce((
      select json_agg(json_build_object(
        'id', m.id, 'role', m.role, 'content', m.content, 'options', m.options, 'coaching', m.coaching,
        'engineState', case when m.id = state.id then m.engine_state end, 'clientId', m.client_id, 'replyTo', m.reply_to, 'createdAt', m.created_at
      ) order by m.id)
      from chat_messages m, state
      where m.chat_session_id = chat.id and m.id in (
        (select w.id from chat_messages w where w.chat_session_id = chat.id order by w.id desc limit $9::int)
        union all (select f.id from chat_messages f where f.chat_session_id = chat.id order by f.id limit 1)
        union all select state.id
      )
    ), '[]'::json) as messages,
    ${passagesSql('search q', '$5')} as passages, ${LIVE_VERSION_SQL} as knowledge_version,
    counted.hits as rate_hits, counted.window_start as rate_window_start
  from counted left join chat on true`;

/**
 * The caller's conversation with its history and passages; another user's id answers the same 404
 * as a missing one. Counts the message against the per-minute limit first: 429 once past it.
 */
async function readTurn(deps: TurnDeps, userId: number, sessionId: string, message: string, passageLimit: number, now: Date) {
  const hints = deps.searchHints?.(message) ?? [];
  const result = await deps.db.$client.query<TurnReadRow>({
    name: 'chat_turn_read',
    text: TURN_READ_SQL,
    values: [
      sessionId,
      userId,
      searchQueryText(message, hints),
      hints.length === 0,
      passageLimit,
      ...countHitValues(`chat-message:${userId}`, deps.messageLimit, now),
      TURN_HISTORY_WINDOW,
    ],
  });
  const row = result.rows[0];
  if (!row) throw new Error('the chat turn statement returned no row');
  const wait = overLimitFor(row.rate_hits, row.rate_window_start, deps.messageLimit, now);
  if (wait > 0) {
    throw new HttpError(429, `You are sending messages faster than the coach can answer. Please wait ${wait} second(s).`, {
      code: 'rate_limited',
      headers: { 'retry-after': String(wait) },
    });
  }
  const chatId = row.id;
  if (chatId === null) throw new HttpError(404, 'Conversation not found.');
  const chat: ChatRow = {
    id: chatId,
    sessionId: row.session_id,
    userId: row.user_id,
    title: row.title,
    isActive: row.is_active,
    freeWindowStart: row.free_window_start,
    freeMessagesUsed: row.free_messages_used,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  const history: MessageRow[] = row.messages.map((m) => ({ ...m, chatSessionId: chatId, createdAt: new Date(m.createdAt) }));
  return { chat, history, knowledge: toPassages(row.passages), knowledgeVersion: row.knowledge_version };
}


export async function readConversation(db: Db, userId: number, sessionId: string): Promise<ChatSession> {
  const chat = await ownConversation(db, userId, sessionId);
  const [messages, awaitingTeam] = await Promise.all([messagesOf(db, chat.id), awaitsTeam(db, chat.id)]);
  return { sessionId, messages: messages.map((m) => toChatMessage(m.message, m.outcome)), awaitingTeam };
}

export async function listConversations(db: Db, userId: number): Promise<ConversationSummary[]> {
  const rows = await db
    .select({
      sessionId: chatSessions.sessionId,
      title: chatSessions.title,
      createdAt: chatSessions.createdAt,
      updatedAt: chatSessions.updatedAt,
      messageCount: count(chatMessages.id),
    })
    .from(chatSessions)
    .leftJoin(chatMessages, eq(chatMessages.chatSessionId, chatSessions.id))
    .where(eq(chatSessions.userId, userId))
    .groupBy(chatSessions.id)
    // An empty conversation has nothing to reopen; New Chat reuses it instead (createConversation).
    .having(sql`count(${chatMessages.id}) > 0`)
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(100);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(), messageCount: Number(r.messageCount) }));
}

export async function chatStatus(db: Db, user: UserRow, plans: PlanCatalogue, now: Date): Promise<ChatStatus> {
  const access = chatAccess(user, plans, now);
  const remaining = freeChatsRemaining(user, plans, now);
  const next = access === 'free' ? nextFreeChatAt(user, plans, now) : null;
  const trialEnd = access === 'trial' ? trialEndsAt(user, plans) : null;
  let openFree: { sessionId: string; freeMessagesUsed: number } | undefined;
  if (access === 'free' && user.lastWeeklyResetDate && !windowExpired(user.lastWeeklyResetDate, plans, now)) {
    [openFree] = await db
      .select({ sessionId: chatSessions.sessionId, freeMessagesUsed: chatSessions.freeMessagesUsed })
      .from(chatSessions)
      .where(and(eq(chatSessions.userId, user.id), eq(chatSessions.freeWindowStart, user.lastWeeklyResetDate)))
      .limit(1);
  }
  // The open conversation lasts as long as the window that opened it (product §3.3).
  const openFreeUntil = openFree && user.lastWeeklyResetDate ? new Date(user.lastWeeklyResetDate.getTime() + windowMs(plans)) : null;
  return {
    access,
    plan: planOf(user, plans, now),
    canStartConversation: mayStartConversation(user, plans, now),
    unlimited: access !== 'free',
    freeChatsRemaining: remaining,
    nextResetAt: next?.toISOString() ?? null,
    daysUntilReset: next ? daysUntil(next, now) : null,
    trialEndsAt: trialEnd?.toISOString() ?? null,
    trialDaysLeft: trialEnd ? daysUntil(trialEnd, now) : null,
    openFreeSessionId: openFree?.sessionId ?? null,
    openFreeUntil: openFreeUntil?.toISOString() ?? null,
    openFreeMessagesLeft: openFree ? Math.max(0, FREE_CONVERSATION_MESSAGE_CAP - openFree.freeMessagesUsed) : null,
  };
}

export interface TurnDeps {
  db: Db;
  plans: PlanCatalogue;
  now: () => Date;
  /** Chat messages per user per minute (CHAT_MESSAGES_PER_MINUTE). */
  messageLimit: Limit;
  /** The coach engine's search words for a message (CoachEngine.searchHints). */
  searchHints?: (message: string) => string[];
  /** The engine's own searches (its citation's section), cached per live knowledge version (knowledge/service.ts). */
  search?: (liveVersion: number | null, text: string, limit: number) => Promise<KnowledgePassage[]>;
  /**
   * Told, in the reply's own transaction, when a reply ends a role-play the rep spoke in (a
   * lesson's drill completes its part: training/service.ts). Given the conversation's row id.
   */
  onSceneEnded?: (tx: Tx, user: UserRow, chatId: number, now: Date) => Promise<void>;
}

export interface StartedTurn {
  chat: ChatRow;
  /** The rep's message, once stored (the streaming route stores it before the reply). */
  userMessage: MessageRow | null;
  /** A free-tier message taken from the conversation's allowance, given back if nothing is stored. */
  reservedFreeMessage: boolean;
  message: string;
  /** The browser's id for the message (see sendMessageSchema), stored with it. */
  clientId: string | null;
  /** A retried message the server had already stored and answered: both, to send back as they are. */
  answered: { user: MessageRow; assistant: MessageRow } | null;
  /** What the turn read of the conversation (see TURN_HISTORY_WINDOW): its first message and its newest ones, oldest first. */
  history: MessageRow[];
  context: CoachContext;
  receivedAt: Date;
}

/**
 * A retried send whose message the server already holds (the first try stored it, then the
 * reply failed or the answer never reached the browser): the stored message, what came before
 * it, and the coach's reply to it if there is one.
 */
function findRetried(history: MessageRow[], clientId: string | null) {
  if (!clientId) return null;
  const index = history.findIndex((m) => m.role === 'user' && m.clientId === clientId);
  const stored = history[index];
  if (!stored) return null;
  // Replies name the message they answer; older ones are the next coach message after it.
  const reply = history.find((m) => m.replyTo === stored.id) ?? history.slice(index + 1).find((m) => m.role === 'assistant' && m.replyTo === null) ?? null;
  return { stored, before: history.slice(0, index), reply };
}

/**
 * Checks the rep may send this message and gathers what the engine needs: the conversation,
 * its history, the rep's profile and the knowledge passages. Writes nothing, except the free
 * chat a free-tier user's new conversation takes. A retry of a message already stored takes
 * nothing from the free allowance: its first try did.
 */
export async function startTurn(deps: TurnDeps, user: UserRow, sessionId: string, message: string, clientId: string | null = null): Promise<StartedTurn> {
  const { db, plans } = deps;
  const now = deps.now();
  // Five passages, so the engine can cite the one about the technique it chooses.
  const own = await readTurn(deps, user.id, sessionId, message, 5, now);
  const { chat, knowledge } = own;
  const retried = findRetried(own.history, clientId);
  const history = retried ? retried.before : own.history;
  const text = retried ? retried.stored.content : message;
  const free = !retried && (await reserveChat(db, user, chat.id, plans, now));
  const cached = deps.search;

  const context: CoachContext = {
    profile: {
      username: user.username,
      industry: user.industry,
      product: user.product,
      salesExperience: user.salesExperience,
      biggestStruggle: user.biggestStruggle,
      targetIncome: user.targetIncome,
      currentIncome: user.currentIncome,
      city: user.city,
      state: user.state,
    },
    history: history.map(
      (m): HistoryMessage => ({ role: m.role, content: m.content, options: m.options, coaching: m.coaching ?? null, state: m.engineState ?? null }),
    ),
    message: text,
    knowledge,
    search: cached ? (q, limit) => cached(own.knowledgeVersion, q, limit) : (q, limit) => searchKnowledge(db, q, [], limit),
  };
  return {
    chat,
    userMessage: retried?.stored ?? null,
    reservedFreeMessage: free,
    message: text,
    clientId,
    answered: retried?.reply ? { user: retried.stored, assistant: retried.reply } : null,
    history,
    context,
    receivedAt: now,
  };
}

/** A turn that ends without a reply: a free-tier message that stored nothing goes back to the allowance. */
export async function abandonTurn(deps: TurnDeps, turn: StartedTurn): Promise<void> {
  if (turn.reservedFreeMessage && !turn.userMessage) await releaseFreeMessage(deps.db, turn.chat.id);
}

/**
 * The first message of a conversation also writes the user's row (the session count), so its
 * transaction takes the user's lock before touching the conversation: the lock order of the
 * free tier (billing/free-tier.ts), which keeps concurrent first messages from deadlocking.
 */
async function lockForFirstMessage(tx: Tx, turn: StartedTurn, userId: number): Promise<void> {
  if (turn.history.length === 0) await lockUser(tx, userId);
}

/** The first message names the conversation and counts as a coaching session, exactly once. */
async function touchConversation(tx: Tx, turn: StartedTurn, userId: number, now: Date): Promise<void> {
  if (turn.history.length === 0) {
    const named = await tx
      .update(chatSessions)
      .set({ title: turn.message.slice(0, TITLE_MAX), updatedAt: now })
      .where(and(eq(chatSessions.id, turn.chat.id), isNull(chatSessions.title)))
      .returning({ id: chatSessions.id });
    if (named.length) {
      await tx.update(users).set({ sessionCount: sql`${users.sessionCount} + 1` }).where(eq(users.id, userId));
      return;
    }
  }
  await tx.update(chatSessions).set({ updatedAt: now }).where(eq(chatSessions.id, turn.chat.id));
}

/**
 * Two tries of one message raced (a retry sent while the first was still on its way): the
 * unique client id lets one be stored; the other is refused, and the first is answered.
 */
async function oncePerClientId<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorOf(err).constraint === 'chat_messages_client_id_idx') throw new HttpError(409, 'This message was already sent; its reply is on its way.');
    throw err;
  }
}

/** Stores the rep's message ahead of a streamed reply, so it is kept even if the stream breaks. */
export async function storeUserMessage(deps: TurnDeps, user: UserRow, turn: StartedTurn): Promise<MessageRow> {
  const row = await oncePerClientId(() => withRetry(() =>
    deps.db.transaction(async (tx) => {
      await lockForFirstMessage(tx, turn, user.id);
      const [inserted] = await tx
        .insert(chatMessages)
        .values({ chatSessionId: turn.chat.id, role: 'user', content: turn.message, clientId: turn.clientId, createdAt: turn.receivedAt })
        .returning();
      await touchConversation(tx, turn, user.id, turn.receivedAt);
      return inserted;
    }),
  ));
  if (!row) throw new Error('message insert returned nothing');
  turn.userMessage = row;
  return row;
}

/**
 * Stores the coach's reply (and the rep's message, when not stored yet) in one transaction, and
 * an escalation for the admins when the engine asks for a person.
 */
export async function finishTurn(deps: TurnDeps, user: UserRow, turn: StartedTurn, reply: CoachReply): Promise<{ user: MessageRow; assistant: MessageRow }> {
  try {
    return await oncePerClientId(() => writeReply(deps, user, turn, reply));
  } catch (err) {
    // Another try of this message (another app process) stored its reply first: that one stands.
    const stored = turn.userMessage;
    if (pgErrorOf(err).constraint !== 'chat_messages_reply_to_idx' || !stored) throw err;
    const [first] = await deps.db.select().from(chatMessages).where(eq(chatMessages.replyTo, stored.id)).limit(1);
    if (!first) throw err;
    return { user: stored, assistant: first };
  }
}

async function writeReply(deps: TurnDeps, user: UserRow, turn: StartedTurn, reply: CoachReply): Promise<{ user: MessageRow; assistant: MessageRow }> {
  const now = deps.now();
  const assistantValues = {
    chatSessionId: turn.chat.id,
    role: 'assistant' as const,
    content: reply.content,
    options: reply.options.length ? reply.options : null,
    coaching: reply.coaching satisfies Coaching,
    engineState: reply.state ?? null,
    createdAt: new Date(Math.max(now.getTime(), turn.receivedAt.getTime())),
  };
  // The common case, a later message with a reply that needs no person and ends no scene: one statement, one commit.
  if (!turn.userMessage && turn.history.length > 0 && !reply.escalation && !reply.sceneEnded) {
    const rows = await writeTurnStatement(deps.db, turn, assistantValues, now);
    const [userRow, assistant] = rows;
    if (!userRow || !assistant) throw new Error('message insert returned nothing');
    return { user: userRow, assistant };
  }
  return withRetry(() => deps.db.transaction(async (tx) => {
    if (!turn.userMessage) await lockForFirstMessage(tx, turn, user.id);
    let userRow: MessageRow | undefined = turn.userMessage ?? undefined;
    let assistant: MessageRow | undefined;
    if (userRow) {
      [assistant] = await tx.insert(chatMessages).values({ ...assistantValues, replyTo: userRow.id }).returning();
      await tx.update(chatSessions).set({ updatedAt: now }).where(eq(chatSessions.id, turn.chat.id));
    } else {
      [userRow] = await tx
        .insert(chatMessages)
        .values({ chatSessionId: turn.chat.id, role: 'user', content: turn.message, clientId: turn.clientId, createdAt: turn.receivedAt })
        .returning();
      if (!userRow) throw new Error('message insert returned nothing');
      [assistant] = await tx.insert(chatMessages).values({ ...assistantValues, replyTo: userRow.id }).returning();
      await touchConversation(tx, turn, user.id, now);
    }
    if (!userRow || !assistant) throw new Error('message insert returned nothing');
    if (reply.sceneEnded && deps.onSceneEnded) await deps.onSceneEnded(tx, user, turn.chat.id, now);
    if (reply.escalation) {
      await tx.insert(aiEscalations).values({
        userId: user.id,
        chatSessionId: turn.chat.id,
        messageId: userRow.id,
        userMessage: userRow.content,
        aiAttempt: reply.content,
        escalationReason: reply.escalation.reason,
        priority: reply.escalation.priority,
        createdAt: now,
        updatedAt: now,
      });
    }
    return { user: userRow, assistant };
  }));
}

/**
 * Both messages and the conversation's timestamp in a single statement (its own transaction):
 * the chat endpoint's hot path, as a named prepared statement with every value a parameter.
 * It returns only the new ids; the rest of each row is what was written.
 */
async function writeTurnStatement(
  db: Db,
  turn: StartedTurn,
  a: { content: string; options: string[] | null; coaching: Coaching; engineState: Record<string, unknown> | null; createdAt: Date },
  now: Date,
): Promise<MessageRow[]> {
  const result = await db.$client.query<{ id: number }>({
    name: 'chat_write_turn',
    // The reply's insert reads the rep's message's id, so it runs second: ids stay in order.
    text: `with asked as (
             insert into chat_messages (chat_session_id, role, content, client_id, created_at)
             values ($1, 'user', $2, $10, $3)
             returning id
           ), answered as (
             insert into chat_messages (chat_session_id, role, content, options, coaching, engine_state, reply_to, created_at)
             select $1, 'assistant', $4, $5::jsonb, $6::jsonb, $7::jsonb, asked.id, $8 from asked
             returning id
           ), touched as (
             update chat_sessions set updated_at = $9 where id = $1
           )
           select id from asked union all select id from answered`,
    values: [
      turn.chat.id,
      turn.message,
      turn.receivedAt,
      a.content,
      a.options === null ? null : JSON.stringify(a.options),
      JSON.stringify(a.coaching),
      a.engineState === null ? null : JSON.stringify(a.engineState),
      a.createdAt,
      now,
      turn.clientId,
    ],
  });
  const [userId, assistantId] = result.rows.map((r) => r.id);
  if (userId === undefined || assistantId === undefined) return [];
  const chatSessionId = turn.chat.id;
  return [
    { id: userId, chatSessionId, role: 'user', content: turn.message, options: null, coaching: null, engineState: null, clientId: turn.clientId, replyTo: null, createdAt: turn.receivedAt },
    { id: assistantId, chatSessionId, role: 'assistant', clientId: null, replyTo: userId, ...a },
  ];
}

/** The answer to POST /api/chat/message: the turn's two messages; the client has the rest. */
export function turnAnswer(turn: StartedTurn, stored: { user: MessageRow; assistant: MessageRow }): SendMessageResponse {
  return { sessionId: turn.chat.sessionId, messages: [toChatMessage(stored.user), toChatMessage(stored.assistant)] };
}

