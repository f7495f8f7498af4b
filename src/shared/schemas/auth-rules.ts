/*
 * The sign-up limits and the password rules text, without zod: the auth card shows the rules
 * before its validation (auth.ts, which builds its schemas from these) has loaded (issue #13).
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The password rules, shown under every new-password field before anything is submitted. */
export const PASSWORD_RULES = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters. Very common passwords (such as "password123") and your username or email are refused.`;
