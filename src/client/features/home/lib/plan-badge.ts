/** The plan badge of product §13.4, from the access flags. */
export function planBadge(user: { hasBasicAccess: boolean; hasProAccess: boolean }): string {
  if (user.hasProAccess) return 'Pro Plan';
  if (user.hasBasicAccess) return 'Basic Plan';
  return 'Basic features locked';
}
