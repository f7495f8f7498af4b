/** What users and visitors tell us (modules/feedback). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, FEEDBACK_TYPES } from '#shared/schemas/feedback.js';
import { users } from './auth.js';
import { createdAt } from './common.js';

const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * product §14.1 feedbacks. A visitor's feedback has no user; a deleted user's feedback goes with them.
 * The checks keep the values the API accepts, so a row written any other way cannot break the
 * admin's list.
 */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: FEEDBACK_TYPES }).notNull(),
    category: text('category', { enum: FEEDBACK_CATEGORIES }).notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    rating: integer('rating'),
    status: text('status', { enum: FEEDBACK_STATUSES }).notNull().default('new'),
    email: text('email'),
  },
  (t) => [
    index('feedbacks_user_id_idx').on(t.userId),
    // The admin's list: newest first, often filtered by status.
    index('feedbacks_status_created_idx').on(t.status, t.createdAt),
    check('feedbacks_type_check', sql`${t.type} in (${oneOf(FEEDBACK_TYPES)})`),
    check('feedbacks_category_check', sql`${t.category} in (${oneOf(FEEDBACK_CATEGORIES)})`),
    check('feedbacks_status_check', sql`${t.status} in (${oneOf(FEEDBACK_STATUSES)})`),
    check('feedbacks_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);
