import { z } from 'zod';
import { coachingSchema } from '../coaching.js';
import { safeString } from './primitives.js';
import { replyOutcomeSchema } from './progress.js';
import { MESSAGE_COUNTER_FROM, MESSAGE_MAX } from '../chat-limits.js';

export { MESSAGE_COUNTER_FROM, MESSAGE_MAX };

/** Who wrote a message: the rep, the coach, or a person on the coaching team (an admin's reply). */
export const MESSAGE_ROLES = ['user', 'assistant', 'team'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** Who may chat how much (product §3.3): admin, paid (Basic or Pro), trial, or free (one conversation per window). */
export const CHAT_ACCESS = ['admin', 'paid', 'trial', 'free'] as const;
export type ChatAccess = (typeof CHAT_ACCESS)[number];

/** What the account is on, most generous first: the chat's access, with paid split into Pro and Basic. */
export const PLAN_STATES = ['admin', 'pro', 'basic', 'trial', 'free'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** product §14.1 chat message. `team` is a reply from a person on the coaching team (an admin), shown as such. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(MESSAGE_ROLES),
  content: z.string(),
  timestamp: z.string(),
  options: z.array(z.string()).optional(),
  coaching: coachingSchema.optional(),
  /** A rep's message: the id the browser sent it with, so a page matches a retried message to the stored one. */
  clientId: z.string().optional(),
  /**
   * A coaching reply's logged call outcome ("Tried it", issue #15). Read with the conversation
   * (GET /api/chat/sessions/:id); a send's answer, which holds only the new messages, has none.
   */
  outcome: replyOutcomeSchema.optional(),
  /**
   * On the coach's reply as a turn answers it (not stored): this reply handed the conversation to
   * the coaching team (an escalation was opened), so the page starts looking for their answer.
   */
  handedToTeam: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** product §14.1 chat session, client view. */
export const chatSessionSchema = z.object({
  sessionId: z.string(),
  messages: z.array(chatMessageSchema),
  /**
   * GET /api/chat/sessions/:id: the conversation waits for the coaching team (an escalation of it
   * is pending). While it does, the open chat reads it again every few seconds, so the team's
   * answer appears without a reload (issue #16).
   */
  awaitingTeam: z.boolean().optional(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

const sessionIdSchema = z.uuid({ error: 'No active chat session' });

/** POST /api/chat/message and its streaming twin. */
export const sendMessageSchema = z.strictObject({
  sessionId: sessionIdSchema,
  message: safeString({ error: 'Please type a message.' })
    .trim()
    .min(1, 'Please type a message.')
    .max(MESSAGE_MAX, `Messages can be at most ${MESSAGE_MAX} characters.`),
  /**
   * Made by the browser for each message and kept when it retries a failed send: a message the
   * server had already stored is then answered once, never stored twice.
   */
  clientId: z.uuid().optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/**
 * POST /api/chat/message answers with the turn's new messages only, the rep's as stored and the
 * coach's reply, in that order: the client has the rest of the conversation (GET
 * /api/chat/sessions/:id reads all of it). The whole conversation with every reply made a message
 * cost more the longer the conversation (issue #26).
 */
export const sendMessageResponseSchema = z.object({ sessionId: z.string(), messages: z.array(chatMessageSchema) });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

export const sessionIdParamSchema = z.object({ sessionId: sessionIdSchema });

/** GET /api/chat/sessions: the user's past conversations, newest first. */
export const conversationSummarySchema = z.object({
  sessionId: z.string(),
  title: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
});
export const conversationListSchema = z.object({ sessions: z.array(conversationSummarySchema) });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/**
 * GET /api/chat/status: what the chat screen needs to show the subtitle, the promo banner and the
 * upgrade screen (product §7.1, §3.4), computed by the server from the plan catalogue.
 */
export const chatStatusSchema = z.object({
  access: z.enum(CHAT_ACCESS),
  /** The plan the account page's badge names; the same answer the chat header reads. */
  plan: z.enum(PLAN_STATES),
  /**
   * Whether New Chat may open a conversation now. False for a free user whose window's chat is
   * spent: the server refuses the conversation (402), so the client says so before any typing.
   */
  canStartConversation: z.boolean(),
  unlimited: z.boolean(),
  /** Free chats left in the current window (meaningful for `free`). */
  freeChatsRemaining: z.number().int(),
  /** When the next free chat becomes available, when none is left. */
  nextResetAt: z.string().nullable(),
  /** Whole days until the reset, rounded up (product §3.4: 'Your next free chat resets in N days'). */
  daysUntilReset: z.number().int().nullable(),
  /** End of the trial, while it runs. */
  trialEndsAt: z.string().nullable(),
  /** Whole days left in the trial, rounded up. */
  trialDaysLeft: z.number().int().nullable(),
  /** Free users: the conversation the week's chat opened stays usable; this is it, if any. */
  openFreeSessionId: z.string().nullable(),
  /**
   * With `openFreeSessionId`: when that conversation closes (the window's end), so the page can
   * say it stays open until then instead of only when the next free chat comes (issue #25).
   */
  openFreeUntil: z.string().nullable(),
  /** With `openFreeSessionId`: the rep messages it still takes before its cap (product §3.3). */
  openFreeMessagesLeft: z.number().int().nullable(),
});
export type ChatStatus = z.infer<typeof chatStatusSchema>;

/**
 * Server-sent events of POST /api/chat/message/stream, in order: `user` (the stored user
 * message), any number of `delta` (text as the coach writes it), then `done` (the stored
 * assistant message) or `error`.
 */
export const streamEventSchemas = {
  user: chatMessageSchema,
  delta: z.object({ text: z.string() }),
  done: chatMessageSchema,
  error: z.object({ message: z.string() }),
} as const;
