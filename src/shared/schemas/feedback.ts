import { z } from 'zod';
import { idParam, safeString } from './primitives.js';

/** product §15.6: what the feedback is, with the labels the form shows. */
export const FEEDBACK_TYPES = ['bug', 'feature', 'improvement', 'general'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = {
  bug: 'Bug Report',
  feature: 'Feature Request',
  improvement: 'Improvement Suggestion',
  general: 'General Feedback',
};

/** product §15.6: which part of the product it is about. */
export const FEEDBACK_CATEGORIES = ['chat', 'training', 'community', 'account', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  chat: 'AI Chat',
  training: 'Training Videos',
  community: 'Community Forum',
  account: 'Account & Billing',
  other: 'Other',
};

/** product §12.6: new when sent; an admin may set any of the others (and back). */
export const FEEDBACK_STATUSES = ['new', 'reviewed', 'planned', 'completed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** product §15.6's rating choices, best first. */
export const FEEDBACK_RATINGS = [
  { value: 5, label: 'Excellent' },
  { value: 4, label: 'Good' },
  { value: 3, label: 'Average' },
  { value: 2, label: 'Poor' },
  { value: 1, label: 'Very Poor' },
] as const;

const validEmail = z.email();

export const FEEDBACK_SUBJECT_MAX = 200;
export const FEEDBACK_MESSAGE_MAX = 5000;

/**
 * POST /api/feedback, and the /feedback form (product §15.6, with its exact messages). `userId` is not
 * a field: the session decides who sent it (a visitor's is null), and the session plugin drops
 * a `userId` the body carries once it has checked it.
 */
export const feedbackInputSchema = z.strictObject({
  type: z.enum(FEEDBACK_TYPES, { error: 'Please choose a feedback type.' }).default('general'),
  category: z.enum(FEEDBACK_CATEGORIES, { error: 'Please choose a category.' }).default('other'),
  subject: safeString({ error: 'Subject must be at least 5 characters' })
    .trim()
    .min(5, 'Subject must be at least 5 characters')
    .max(FEEDBACK_SUBJECT_MAX, `Please keep the subject under ${FEEDBACK_SUBJECT_MAX} characters.`),
  message: safeString({ error: 'Message must be at least 20 characters' })
    .trim()
    .min(20, 'Message must be at least 20 characters')
    .max(FEEDBACK_MESSAGE_MAX, `Please keep the message under ${FEEDBACK_MESSAGE_MAX} characters.`),
  /** product §15.6: optional, 1 to 5; a missing rating is sent as null. */
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5.' })
    .int('Rating must be a whole number from 1 to 5.')
    .min(1, 'Rating must be a whole number from 1 to 5.')
    .max(5, 'Rating must be a whole number from 1 to 5.')
    .nullable()
    .default(null),
  /** product §15.6: optional; valid if given; an empty one is sent as null. */
  email: safeString({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .refine((v) => v === '' || validEmail.safeParse(v).success, 'Invalid email address')
    .nullable()
    .default(null)
    .transform((v) => (v === '' ? null : v)),
});
export type FeedbackInput = z.output<typeof feedbackInputSchema>;
export type FeedbackFormValues = z.input<typeof feedbackInputSchema>;

export const feedbackCreatedSchema = z.object({ id: z.number().int(), createdAt: z.string() });

/** product §14.1 feedback, as the admin's list shows it (with the sender's name when it came from an account). */
export const feedbackSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  category: z.enum(FEEDBACK_CATEGORIES),
  status: z.enum(FEEDBACK_STATUSES),
  subject: z.string(),
  message: z.string(),
  rating: z.number().int().nullable(),
  email: z.string().nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
export const feedbackListSchema = z.array(feedbackSchema);

/** GET /api/feedback's filters (admin); none given lists everything, newest first. */
export const feedbackListQuerySchema = z.strictObject({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  type: z.enum(FEEDBACK_TYPES).optional(),
  category: z.enum(FEEDBACK_CATEGORIES).optional(),
});
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;

/** PATCH /api/feedback/:id/status (admin). */
export const feedbackStatusInputSchema = z.strictObject({
  status: z.enum(FEEDBACK_STATUSES, { error: 'Please choose a status: new, reviewed, planned or completed.' }),
});
export type FeedbackStatusInput = z.infer<typeof feedbackStatusInputSchema>;

export const feedbackIdParamSchema = z.object({ id: idParam('Invalid feedback id') });
