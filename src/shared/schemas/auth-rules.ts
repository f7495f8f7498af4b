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

/** The field message for a new password that passwordIsIdentity refuses. */
export const PASSWORD_IS_IDENTITY = 'Your password must not be your username or email address.';

/**
 * Whether a new password is, ignoring case and surrounding spaces, the account's username, its
 * email, or the email's part before the @: the first guesses anyone who knows the account makes.
 * The one rule for the sign-up schema, the password change on the server, and the account form.
 */
export function passwordIsIdentity(password: string, account: { username?: string; email?: string }): boolean {
  const typed = password.trim().toLowerCase();
  const email = account.email?.trim().toLowerCase() ?? '';
  const localPart = email.includes('@') ? email.slice(0, email.lastIndexOf('@')) : '';
  return [account.username?.trim().toLowerCase(), email, localPart].some((name) => name !== undefined && name !== '' && name === typed);
}
