import { z } from 'zod';
import { referralCodeSchema } from './billing.js';
import { safeString } from './primitives.js';
import { userSchema } from './user.js';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './auth-rules.js';
import { PASSWORD_IS_IDENTITY, passwordIsIdentity } from './password-identity.js';

export { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_RULES, USERNAME_MAX, USERNAME_MIN } from './auth-rules.js';
export { PASSWORD_IS_IDENTITY, passwordIsIdentity } from './password-identity.js';

/** An email address as typed in sign-up and the account page. */
export const emailSchema = safeString().trim().max(254, 'Invalid email address').pipe(z.email('Invalid email address'));

export const signUpSchema = z.strictObject({
  username: safeString()
    .trim()
    .min(USERNAME_MIN, 'Username must be at least 3 characters')
    .max(USERNAME_MAX, 'Username must be at most 32 characters')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores'),
  email: emailSchema,
  password: safeString()
    .min(PASSWORD_MIN, 'Password must be at least 8 characters')
    .max(PASSWORD_MAX, 'Password must be at most 128 characters'),
  /** The referral code of the link the rep came through (`/auth?ref=CODE`, product §5); an unknown one records nothing. */
  ref: referralCodeSchema.optional(),
}).superRefine((input, ctx) => {
  if (passwordIsIdentity(input.password, input)) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_IS_IDENTITY });
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.strictObject({
  emailOrUsername: safeString().trim().min(1, 'Email or username is required').max(254, 'Email or username is too long'),
  password: safeString().min(1, 'Password is required').max(PASSWORD_MAX, 'Password must be at most 128 characters'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/**
 * GET /api/auth/session: who the browser is signed in as, or null. Unlike GET /api/user it
 * answers 200 when signed out, because "not signed in" is an ordinary state for the app shell.
 */
export const sessionStateSchema = z.object({
  user: userSchema.nullable(),
  /** With no user: this browser's session was ended by a password change on another device. */
  signedOutBecause: z.enum(['password_changed']).optional(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;
