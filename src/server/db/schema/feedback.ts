/** What users and visitors tell us (the feedback feature). */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './common.js';

/** SPEC §3 feedbacks. A visitor's feedback has no user; a deleted user's feedback goes with them. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    rating: integer('rating'),
    status: text('status').notNull().default('new'),
    email: text('email'),
  },
  (t) => [index('feedbacks_user_id_idx').on(t.userId)],
);
