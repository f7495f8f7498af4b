/**
 * The Back button's targets (SPEC §2 "Shared chrome", DECISIONS §10): onboarding goes back in
 * the seven-step order; the age step goes to /auth (SPEC's onboarding section: /onboarding
 * itself only redirects to the age step, so pointing Back there would loop).
 */
const BACK_TARGETS: Record<string, string> = {
  '/auth': '/',
  '/home': '/',
  '/onboarding': '/auth',
  '/onboarding/age': '/auth',
  '/onboarding/location': '/onboarding/age',
  '/onboarding/experience': '/onboarding/location',
  '/onboarding/income': '/onboarding/experience',
  '/onboarding/struggles': '/onboarding/income',
  '/onboarding/industry': '/onboarding/struggles',
  '/onboarding/product': '/onboarding/industry',
  '/chat': '/home',
  '/training': '/home',
  '/community': '/home',
  '/account': '/home',
  '/feedback': '/account',
  '/admin': '/account',
  '/checkout': '/account',
  '/checkout-basic': '/account',
  '/privacy-policy': '/account',
  '/terms-of-service': '/account',
};

/** Where Back leads from `path`; null on the welcome page, which has no Back button. */
export function backTarget(path: string): string | null {
  if (path === '/') return null;
  return BACK_TARGETS[path] ?? '/home';
}

/** Page titles shown in the header bar. */
export const PAGE_TITLES: Record<string, string> = {
  '/home': '',
  '/signup': 'Create Account',
  '/tutorial': 'Tutorial',
  '/chat': 'AI Sales Coach',
  '/training': 'Sales Training',
  '/community': 'Community',
  '/referral': 'Referral Program',
  '/account': 'Account Settings',
  '/feedback': 'Feedback',
  '/admin': 'Admin Panel',
  '/checkout': 'Upgrade to Pro',
  '/checkout-basic': 'Basic Access',
  '/checkout-pro-promo': 'Pro Launch Special',
  '/downloads': 'Get the App',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
};

export function pageTitle(path: string): string {
  if (path.startsWith('/onboarding')) return 'Set Up Your Profile';
  return PAGE_TITLES[path] ?? '';
}

/** The header bar is hidden on the welcome and auth pages. */
export const showsHeader = (path: string) => path !== '/' && path !== '/auth';

export const TABS = [
  { path: '/chat', label: 'Chat' },
  { path: '/training', label: 'Training' },
  { path: '/community', label: 'Community' },
  { path: '/referral', label: 'Referrals' },
  { path: '/account', label: 'Account' },
] as const;

/** The tab bar belongs to the signed-in app, not to the welcome, sign-in, onboarding or tutorial flow. */
export function showsTabBar(path: string): boolean {
  return !['/', '/auth', '/signup', '/tutorial'].includes(path) && !path.startsWith('/onboarding');
}
