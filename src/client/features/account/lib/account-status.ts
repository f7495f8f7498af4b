/** The account status badge of SPEC §2 Account. */
export function accountStatus(user: { isAdmin: boolean; hasBasicAccess: boolean; hasProAccess: boolean }): string {
  if (user.isAdmin) return 'Admin Access';
  if (user.hasProAccess) return 'Pro Plan';
  if (user.hasBasicAccess) return 'Basic Plan';
  return 'Free Trial';
}
