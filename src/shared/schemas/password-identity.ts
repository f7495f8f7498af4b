/**
 * Kept apart from auth-rules.ts, which the first page's chunk imports for the sign-up hint: a
 * module shared with later chunks lands whole in the first one, and the budget has no room.
 */
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
