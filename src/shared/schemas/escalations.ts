import { z } from 'zod';
import { MESSAGE_ROLES } from './chat.js';
import { idParam, safeString } from './primitives.js';

export const ESCALATION_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type EscalationPriority = (typeof ESCALATION_PRIORITIES)[number];
/** product §12.5 (its other states not shown): pending until an admin answers, then answered; closed once dealt with. */
export const ESCALATION_STATUSES = ['pending', 'answered', 'closed'] as const;
export type EscalationStatus = (typeof ESCALATION_STATUSES)[number];

/** product §14.1 escalation, as the admin list shows it. */
export const escalationSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(ESCALATION_STATUSES),
  priority: z.enum(ESCALATION_PRIORITIES),
  user: z.object({ id: z.number().int(), username: z.string() }),
  sessionId: z.string().nullable(),
  escalationReason: z.string(),
  userMessage: z.string(),
  aiAttempt: z.string(),
  adminResponse: z.string().nullable(),
  learningNote: z.string().nullable(),
  sessionMessageCount: z.number().int(),
  /** The admin who answered, while their account exists. */
  respondedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type Escalation = z.infer<typeof escalationSchema>;
export const escalationListSchema = z.array(escalationSchema);

/** POST /api/admin/escalations/:id/respond (product §15.7: the response is required, the note optional). */
export const escalationResponseSchema = z.strictObject({
  adminResponse: safeString({ error: 'Please provide a response for the user.' }).trim().min(1, 'Please provide a response for the user.').max(4000, 'Please keep the response under 4000 characters.'),
  learningNote: safeString().trim().max(4000, 'Please keep the learning note under 4000 characters.').optional().default(''),
});
export type EscalationResponseInput = z.input<typeof escalationResponseSchema>;

export const escalationIdParamSchema = z.object({ id: idParam('Invalid escalation id') });

/** GET /api/admin/escalations?status=…: one state, or all of them (the default, as product §14.2 calls it). */
export const escalationListQuerySchema = z.strictObject({
  status: z.enum([...ESCALATION_STATUSES, 'all']).default('all'),
});
export type EscalationListQuery = z.infer<typeof escalationListQuerySchema>;

/**
 * Where a message of the conversation stands to the escalation: the rep's message that opened it,
 * and the coach's reply to that message (its attempt, which the admin's answer follows).
 */
export const ESCALATION_MESSAGE_MARKS = ['escalated_message', 'coach_attempt'] as const;

/** One message of an escalated conversation, as the admin reads it. */
export const escalationConversationMessageSchema = z.object({
  id: z.number().int(),
  /** The rep (`user`), the coach (`assistant`) or the coaching team (`team`: an admin's answer). */
  role: z.enum(MESSAGE_ROLES),
  content: z.string(),
  timestamp: z.string(),
  mark: z.enum(ESCALATION_MESSAGE_MARKS).optional(),
});
export type EscalationConversationMessage = z.infer<typeof escalationConversationMessageSchema>;

/**
 * GET /api/admin/escalations/:id/conversation: the whole conversation the escalation came from,
 * oldest first, so the admin reads what the coach promised the team would read (issue #25).
 */
export const escalationConversationSchema = z.object({
  escalationId: z.number().int(),
  sessionId: z.string().nullable(),
  user: z.object({ id: z.number().int(), username: z.string() }),
  messages: z.array(escalationConversationMessageSchema),
});
export type EscalationConversation = z.infer<typeof escalationConversationSchema>;
