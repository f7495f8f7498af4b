import { z } from 'zod';
import { idParam, safeString } from './primitives.js';

/** product §2.3, §12.2: an unlock lasts this long, for the session that made it. */
export const ADMIN_UNLOCK_MINUTES = 30;

/**
 * What unlocks the panel (product §12.2): the admin's own password, or, when the operator set
 * ADMIN_KEY, that key instead (then the password alone no longer does: docs/decisions/0012).
 */
export const ADMIN_UNLOCK_SECRETS = ['password', 'admin_key'] as const;
export type AdminUnlockSecret = (typeof ADMIN_UNLOCK_SECRETS)[number];

/** product §15.7 'Please enter admin key'; with the password as the secret, the same request in its words. */
export const unlockSecretMessage = (secret: AdminUnlockSecret) => (secret === 'admin_key' ? 'Please enter admin key' : 'Please enter your password');

/** POST /api/admin/unlock: the secret the panel asks for; one schema for the form and the route. */
export const adminUnlockSchema = (secret: AdminUnlockSecret) =>
  z.strictObject({
    secret: safeString({ error: unlockSecretMessage(secret) })
      .min(1, unlockSecretMessage(secret))
      .max(200, 'That is too long to be the secret.'),
  });
export type AdminUnlockInput = z.infer<ReturnType<typeof adminUnlockSchema>>;

/** GET /api/admin/unlock (and the answer to unlock and lock): whether this session's panel is open, and until when. */
export const adminUnlockStatusSchema = z.object({
  unlocked: z.boolean(),
  /** ISO time the unlock ends; null while locked. */
  unlockedUntil: z.string().nullable(),
  /** What the unlock form asks for. */
  secret: z.enum(ADMIN_UNLOCK_SECRETS),
});
export type AdminUnlockStatus = z.infer<typeof adminUnlockStatusSchema>;

/**
 * Audit actions only `npm run admin` writes (grant and revoke): no account acts, so their actor is
 * null and the panel names it the command line; the summary names the OS user who ran it.
 */
export const CLI_AUDIT_ACTIONS = { grant: 'admin.grant', revoke: 'admin.revoke' } as const;
export const isCliAuditAction = (action: string) => Object.values<string>(CLI_AUDIT_ACTIONS).includes(action);

/** One line of the audit log: who did what, on what, when. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** The admin, or null once their account is deleted (or for CLI_AUDIT_ACTIONS: the command line). */
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** What was done: "knowledge.replace", "escalation.respond", "post.hide"… */
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** A short description where useful ("status: planned"); never a secret. */
  summary: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit: newest first; `before` pages back from an entry's id. */
export const auditQuerySchema = z.strictObject({
  before: idParam('Invalid audit entry id').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null when this was the last. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
