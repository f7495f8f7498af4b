import { z } from 'zod';
import { emailSchema, PASSWORD_MAX, PASSWORD_MIN } from './auth.js';
import { onboardingSchema } from './onboarding.js';
import { safeString } from './primitives.js';

/** PUT /api/account/profile: the onboarding fields, edited from the account page. */
export const profileUpdateSchema = onboardingSchema;

const currentPassword = safeString().min(1, 'Please enter your current password.').max(PASSWORD_MAX, 'Password must be at most 128 characters');

/** PUT /api/account/email: a new address, confirmed with the current password. */
export const emailChangeSchema = z.strictObject({
  email: emailSchema,
  currentPassword,
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

/** PUT /api/account/password: ends every other session of the user. */
export const passwordChangeSchema = z.strictObject({
  currentPassword,
  newPassword: safeString()
    .min(PASSWORD_MIN, 'Password must be at least 8 characters')
    .max(PASSWORD_MAX, 'Password must be at most 128 characters'),
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export const DELETE_CONFIRMATION = 'DELETE';

/** DELETE /api/account: the typed confirmation and the password, so a left-open session cannot do it. */
export const accountDeletionSchema = z.strictObject({
  confirmation: z.literal(DELETE_CONFIRMATION, { error: `Please type ${DELETE_CONFIRMATION} to confirm.` }),
  currentPassword,
});
export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;

const exportedMessageSchema = z.object({
  role: z.enum(['user', 'assistant', 'team']),
  content: z.string(),
  options: z.array(z.string()).nullable(),
  createdAt: z.string(),
});

/** GET /api/account/export: everything we hold about the person, in one file (DECISIONS §9). */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  product: z.string(),
  account: z.object({
    id: z.number(),
    username: z.string(),
    email: z.string(),
    createdAt: z.string(),
    isAdmin: z.boolean(),
    hasBasicAccess: z.boolean(),
    hasProAccess: z.boolean(),
    sessionCount: z.number(),
    referralCode: z.string(),
    referredBy: z.string().nullable(),
    freeProMonthsRemaining: z.number(),
    tutorialSeenAt: z.string().nullable(),
    weeklyFreeChatsRemaining: z.number(),
    lastWeeklyResetDate: z.string().nullable(),
    hasUsedFreeTrial: z.boolean(),
    freeSessionUsed: z.boolean(),
    freeSessionExpiresAt: z.string().nullable(),
    basicPurchaseDate: z.string().nullable(),
    hasUsedProPromo: z.boolean(),
    stripeCustomerId: z.string().nullable(),
    stripeSubscriptionId: z.string().nullable(),
  }),
  profile: z.object({
    onboardingCompleted: z.boolean(),
    age: z.number().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    salesExperience: z.string().nullable(),
    currentIncome: z.number().nullable(),
    targetIncome: z.number().nullable(),
    biggestStruggle: z.string().nullable(),
    industry: z.string().nullable(),
    product: z.string().nullable(),
  }),
  conversations: z.array(
    z.object({
      sessionId: z.string(),
      title: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
      messages: z.array(exportedMessageSchema),
      /** The same conversation as a readable Markdown transcript. */
      transcriptMarkdown: z.string(),
    }),
  ),
  feedback: z.array(
    z.object({
      createdAt: z.string(),
      type: z.string(),
      category: z.string(),
      subject: z.string(),
      message: z.string(),
      rating: z.number().nullable(),
      status: z.string(),
      email: z.string().nullable(),
    }),
  ),
  payments: z.array(z.object({ createdAt: z.string(), amount: z.number(), status: z.string() })),
  /** Sign-in sessions; the token and its hash never leave the server. */
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      lastUsedAt: z.string(),
      expiresAt: z.string(),
      /** The session that asked for this export. */
      current: z.boolean(),
    }),
  ),
  /** Conversations handed to the coaching team. */
  escalations: z.array(
    z.object({
      createdAt: z.string(),
      updatedAt: z.string(),
      status: z.enum(['pending', 'answered']),
      priority: z.enum(['urgent', 'high', 'normal', 'low']),
      /** The conversation's public id, as in `conversations` (the internal row id means nothing outside). */
      sessionId: z.string().nullable(),
      escalationReason: z.string(),
      userMessage: z.string(),
      aiAttempt: z.string(),
      adminResponse: z.string().nullable(),
      learningNote: z.string().nullable(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
