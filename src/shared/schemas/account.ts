import { z } from 'zod';
import { auditEntrySchema } from './admin.js';
import { emailSchema, PASSWORD_IS_IDENTITY, PASSWORD_MAX, PASSWORD_MIN, passwordIsIdentity } from './auth.js';
import { MESSAGE_ROLES } from './chat.js';
import { escalationSchema } from './escalations.js';
import { onboardingSchema } from './onboarding.js';
import { practiceExportSchema } from './practice.js';
import { safeString } from './primitives.js';
import { callOutcomeExportSchema } from './progress.js';
import { userSchema } from './user.js';

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

/**
 * The password change as the account page checks it: knowing whose account it is, it also
 * refuses a new password that is the username or email. The route cannot know that from the
 * body, so the server checks the same rule against the session's user (auth/passwords.ts).
 */
export const passwordChangeSchemaFor = (account: { username: string; email: string }) =>
  passwordChangeSchema.superRefine((input, ctx) => {
    if (passwordIsIdentity(input.newPassword, account)) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PASSWORD_IS_IDENTITY });
  });

export const PASSWORDS_DIFFER = 'The two new passwords do not match.';

/**
 * The account page's password form: the change above plus the new password typed twice, since a
 * typo in a hidden field would lock the user out of the only password they have (issue #25). The
 * confirmation never leaves the browser: the form sends the change's two fields.
 */
export const passwordChangeFormSchemaFor = (account: { username: string; email: string }) =>
  passwordChangeSchema.extend({ confirmPassword: safeString() }).superRefine((input, ctx) => {
    if (passwordIsIdentity(input.newPassword, account)) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PASSWORD_IS_IDENTITY });
    if (input.confirmPassword !== input.newPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DIFFER });
  });
export type PasswordChangeFormInput = z.infer<ReturnType<typeof passwordChangeFormSchemaFor>>;

export const DELETE_CONFIRMATION = 'DELETE';

/** DELETE /api/account: the typed confirmation and the password, so a left-open session cannot do it. */
export const accountDeletionSchema = z.strictObject({
  confirmation: z.literal(DELETE_CONFIRMATION, { error: `Please type ${DELETE_CONFIRMATION} to confirm.` }),
  currentPassword,
});
export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;

const exportedMessageSchema = z.object({
  role: z.enum(MESSAGE_ROLES),
  content: z.string(),
  options: z.array(z.string()).nullable(),
  createdAt: z.string(),
});

/** The onboarding answers: the export's `profile`, left out of its `account`. */
const PROFILE_FIELDS = {
  age: true,
  city: true,
  state: true,
  salesExperience: true,
  currentIncome: true,
  targetIncome: true,
  biggestStruggle: true,
  industry: true,
  product: true,
} as const;

/** GET /api/account/export: everything we hold about the person, in one file (product §10.2). */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  product: z.string(),
  /** The user row as the API shows it (userSchema), but for the profile answers below. */
  account: userSchema.omit(PROFILE_FIELDS).extend({
    /** When paid access from subscriptions ends (Basic, Pro) and Pro from redeemed referral months: ISO, or null. */
    basicUntil: z.string().nullable(),
    proUntil: z.string().nullable(),
    referralProUntil: z.string().nullable(),
  }),
  /** The onboarding answers. */
  profile: userSchema.pick({ onboardingCompleted: true, ...PROFILE_FIELDS }),
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
      /** Ended by a password change: it signs nobody in and is kept only to tell that device why. */
      revoked: z.boolean(),
    }),
  ),
  /** Conversations handed to the coaching team. */
  escalations: z.array(
    escalationSchema
      .pick({ createdAt: true, status: true, priority: true, sessionId: true, escalationReason: true, userMessage: true, aiAttempt: true, adminResponse: true, learningNote: true })
      .extend({ updatedAt: z.string() }),
  ),
  /** What the user did as an admin, from the audit log (empty for everyone else). */
  adminActions: z.array(auditEntrySchema.pick({ createdAt: true, action: true, targetType: true, targetId: true, summary: true })),
  /** The training parts the user saved for later, completed, or (before issue #27) marked watched (product §9). */
  training: z.array(
    z.object({
      partId: z.string(),
      savedAt: z.string().nullable(),
      watchedAt: z.string().nullable(),
      completedAt: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** The lessons' drills the user started: which part and motion, the conversation, when the scene ended (issue #27). */
  trainingDrills: z.array(z.object({ partId: z.string(), motion: z.string(), sessionId: z.string(), createdAt: z.string(), finishedAt: z.string().nullable() })),
  /** How the rep's calls went after trying a coaching reply ("Tried it", issue #15). */
  callOutcomes: z.array(callOutcomeExportSchema),
  /** The weekly practice plan (product §9.4): every week proposed, accepted and checked in, and the days practised. */
  practice: practiceExportSchema,
  /** The objection deck (issue #27): each buyer line with its drill answers, how each was scored and when it came back. */
  deck: z.array(
    z.object({
      text: z.string(),
      source: z.string(),
      due: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      reviews: z.array(
        z.object({
          answer: z.string(),
          score: z.number().int(),
          keep: z.string().nullable(),
          change: z.string().nullable(),
          rating: z.string(),
          reviewedAt: z.string(),
          nextDue: z.string(),
        }),
      ),
    }),
  ),
  /**
   * The forum (product §9): the posts and replies the user wrote, their votes and their
   * reports. Written out here rather than imported from community.ts, so the account page's
   * chunk does not carry the forum's schemas.
   */
  community: z.object({
    posts: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        content: z.string(),
        category: z.string(),
        createdAt: z.string(),
        editedAt: z.string().nullable(),
        score: z.number().int(),
        replyCount: z.number().int(),
        pinned: z.boolean(),
        hidden: z.boolean(),
      }),
    ),
    replies: z.array(
      z.object({ id: z.number().int(), postId: z.number().int(), content: z.string(), createdAt: z.string(), editedAt: z.string().nullable(), hidden: z.boolean() }),
    ),
    votes: z.array(z.object({ postId: z.number().int(), value: z.number().int(), createdAt: z.string(), updatedAt: z.string() })),
    reports: z.array(z.object({ postId: z.number().int(), reason: z.string(), createdAt: z.string(), dismissedAt: z.string().nullable() })),
    /** The replies the user reported. */
    replyReports: z.array(z.object({ replyId: z.number().int(), reason: z.string(), createdAt: z.string(), dismissedAt: z.string().nullable() })),
  }),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
