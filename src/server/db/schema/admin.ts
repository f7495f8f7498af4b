/** The admin panel's audit log (modules/admin, issue #16). */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './common.js';

/**
 * One row per admin action that changed something (and per unlock attempt): who, what, on what,
 * when. Written by the admin scope's hook for every route that declares `config.audit`, so a
 * module mounted in the scope cannot forget. The admin's account may be deleted later: the
 * entry stays, without them (actor null).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** A short description; never a secret (the unlock's password or key is never passed here). */
    summary: text('summary'),
  },
  (t) => [index('admin_audit_log_actor_idx').on(t.actorId)],
);
export type AuditRow = typeof adminAuditLog.$inferSelect;
