/** SPEC §4: a user who finished onboarding belongs in the chat; everyone else in onboarding. */
export const homePathFor = (user: { onboardingCompleted: boolean }) => (user.onboardingCompleted ? '/chat' : '/onboarding');

/** The plan badge of SPEC §2 Landing, from the access flags. */
export function planBadge(user: { hasBasicAccess: boolean; hasProAccess: boolean }): string {
  if (user.hasProAccess) return 'Pro Plan';
  if (user.hasBasicAccess) return 'Basic Plan';
  return 'Basic features locked';
}

/** The account status badge of SPEC §2 Account. */
export function accountStatus(user: { isAdmin: boolean; hasBasicAccess: boolean; hasProAccess: boolean }): string {
  if (user.isAdmin) return 'Admin Access';
  if (user.hasProAccess) return 'Pro Plan';
  if (user.hasBasicAccess) return 'Basic Plan';
  return 'Free Trial';
}
