import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoute, useLocation, useRouter, type Parser } from 'wouter';
import { Gift, GraduationCap, MessageSquare, User, Users, type LucideIcon } from 'lucide-react';
import { AccountPage } from '../features/account/pages/account-page';
import { authModeFrom } from '../features/auth/lib/auth-mode';
import { AuthPage } from '../features/auth/pages/auth-page';
import { DownloadsPage } from '../features/downloads/pages/downloads-page';
import { LandingPage } from '../features/home/pages/landing-page';
import { PrivacyPolicyPage } from '../features/legal/pages/privacy-policy-page';
import { TermsOfServicePage } from '../features/legal/pages/terms-of-service-page';
import { ONBOARDING_STEPS, previousPath, STEP_COUNT, stepNumber } from '../features/onboarding/lib/onboarding-steps';
import { OnboardingIndexPage, OnboardingStepPage } from '../features/onboarding/pages/onboarding-step-page';
import { TutorialPage } from '../features/tutorial/pages/tutorial-page';
import { WelcomePage } from '../features/welcome/pages/welcome-page';
import { homePathFor } from '../lib/home-path';
import { ComingSoonPage } from './pages/coming-soon-page';
import { NotFoundPage } from './pages/not-found-page';

/**
 * One page of the app, and everything the shell says about it. The router, the header bar (Back
 * and title), the tab bar and the browser tab's title all read this one entry, so they cannot
 * disagree about a page.
 */
export interface AppRoute {
  /** A wouter pattern; the router and the chrome match it the same way. */
  path: string;
  /** The header bar's title and the browser tab's "<title> · <product>"; '' for neither. */
  title: string;
  /**
   * The browser tab's title when it differs from the header's: for pages without a header
   * title (their own heading names them) or whose name depends on the query string.
   */
  documentTitle?: string | ((search: string) => string);
  /** Where the header's Back leads (SPEC §2 Shared chrome); null: no Back button. */
  back: string | null;
  /** This page's own entry in the tab bar, if it has one. */
  tab: { label: string; icon: LucideIcon } | null;
  /**
   * What surrounds the page: nothing (welcome and sign-in), the header bar only (sign-up,
   * onboarding, tutorial: a flow the tab bar would lead out of), or the header bar plus, for a
   * signed-in user, the tab bar.
   */
  chrome: 'none' | 'header' | 'header-and-tabs';
  page: ComponentType;
  /** 'public', or where a signed-out visitor is sent instead of seeing the page. */
  auth: 'public' | { signedOutTo: string };
}

/**
 * The chat (with its Markdown renderer) is the largest page and not needed to sign up or
 * onboard, so it loads as its own chunk when first opened.
 */
const ChatPage = lazy(() => import('../features/chat/pages/chat-page').then((m) => ({ default: m.ChatPage })));

function LazyChatPage() {
  return (
    <Suspense fallback={<p className="px-4 py-10 text-center text-slate-500">Loading your coach…</p>}>
      <ChatPage />
    </Suspense>
  );
}

const SIGNED_IN = { signedOutTo: '/' } as const;

/** A route whose feature lands in a later issue (the only placeholder allowed). */
function comingSoon(path: string, title: string, back: string, extra: { heading?: string; tab?: AppRoute['tab'] } = {}): AppRoute {
  const heading = extra.heading ?? title;
  return { path, title, back, tab: extra.tab ?? null, chrome: 'header-and-tabs', page: () => <ComingSoonPage title={heading} />, auth: 'public' };
}

/**
 * Every route of SPEC §2. The tab bar shows the entries that have a `tab`, in this order. Back
 * targets follow SPEC §2's back map, with DECISIONS §10's two fixes: `/basic-checkout` there
 * means `/checkout-basic`, and onboarding goes back through all seven steps.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', title: '', documentTitle: 'Welcome', back: null, tab: null, chrome: 'none', page: WelcomePage, auth: 'public' },
  { path: '/home', title: '', documentTitle: 'Home', back: '/', tab: null, chrome: 'header-and-tabs', page: LandingPage, auth: 'public' },
  // The sign-in card has no header bar (it has its own Back); its title names the browser tab only.
  {
    path: '/auth',
    title: 'Sign In',
    documentTitle: (search) => (authModeFrom(search, 'signin') === 'signup' ? 'Create Account' : 'Sign In'),
    back: '/',
    tab: null,
    chrome: 'none',
    page: () => <AuthPage initialMode="signin" />,
    auth: 'public',
  },
  {
    path: '/signup',
    title: 'Create Account',
    documentTitle: (search) => (authModeFrom(search, 'signup') === 'signup' ? 'Create Account' : 'Sign In'),
    back: '/',
    tab: null,
    chrome: 'none',
    page: () => <AuthPage initialMode="signup" />,
    auth: 'public',
  },
  // /onboarding only forwards to the first step, so it needs no sign-in of its own.
  { path: '/onboarding', title: 'Set Up Your Profile', back: '/auth', tab: null, chrome: 'header', page: OnboardingIndexPage, auth: 'public' },
  ...ONBOARDING_STEPS.map(
    (step): AppRoute => ({
      path: step.path,
      title: 'Set Up Your Profile',
      documentTitle: `${step.name} (step ${stepNumber(step)} of ${STEP_COUNT}) · Set Up Your Profile`,
      // The first step's Back is /auth, not /onboarding, which would only forward back to it.
      back: previousPath(step),
      tab: null,
      chrome: 'header',
      page: () => <OnboardingStepPage step={step} />,
      // The answers belong to an account: without one there is nothing to fill in.
      auth: { signedOutTo: '/auth' },
    }),
  ),
  { path: '/tutorial', title: 'Tutorial', back: '/home', tab: null, chrome: 'header', page: TutorialPage, auth: SIGNED_IN },
  { path: '/chat', title: 'AI Sales Coach', back: '/home', tab: { label: 'Chat', icon: MessageSquare }, chrome: 'header-and-tabs', page: LazyChatPage, auth: SIGNED_IN },
  comingSoon('/training', 'Sales Training', '/home', { tab: { label: 'Training', icon: GraduationCap } }),
  comingSoon('/community', 'Community', '/home', { tab: { label: 'Community', icon: Users } }),
  comingSoon('/referral', 'Referral Program', '/home', { tab: { label: 'Referrals', icon: Gift } }),
  { path: '/account', title: 'Account Settings', back: '/home', tab: { label: 'Account', icon: User }, chrome: 'header-and-tabs', page: AccountPage, auth: SIGNED_IN },
  comingSoon('/feedback', 'Feedback', '/account'),
  comingSoon('/admin', 'Admin Panel', '/account'),
  // The header already reads Upgrade to Pro; the placeholder names the page it stands for.
  comingSoon('/checkout', 'Upgrade to Pro', '/account', { heading: 'Checkout' }),
  comingSoon('/checkout-basic', 'Basic Access', '/account'),
  comingSoon('/checkout-pro-promo', 'Pro Launch Special', '/home'),
  { path: '/downloads', title: 'Get the App', back: '/home', tab: null, chrome: 'header-and-tabs', page: DownloadsPage, auth: 'public' },
  { path: '/privacy-policy', title: 'Privacy Policy', back: '/account', tab: null, chrome: 'header-and-tabs', page: PrivacyPolicyPage, auth: 'public' },
  { path: '/terms-of-service', title: 'Terms of Service', back: '/account', tab: null, chrome: 'header-and-tabs', page: TermsOfServicePage, auth: 'public' },
];

/** Any other path: SPEC §2's 404 page; Back leads to /home like any unlisted route. */
export const NOT_FOUND_ROUTE: AppRoute = { path: '*', title: '', documentTitle: 'Page Not Found', back: '/home', tab: null, chrome: 'header-and-tabs', page: NotFoundPage, auth: 'public' };

/** The route the router shows at `path`, matched with the router's own parser. */
export function findRoute(path: string, parser: Parser): AppRoute {
  return APP_ROUTES.find((route) => matchRoute(parser, route.path, path)[0]) ?? NOT_FOUND_ROUTE;
}

/** The browser tab's title for `route` at `search` (without the product name). */
export function documentTitleOf(route: AppRoute, search: string): string {
  const { documentTitle } = route;
  if (documentTitle === undefined) return route.title;
  return typeof documentTitle === 'function' ? documentTitle(search) : documentTitle;
}

/**
 * Where Back really leads for this visitor. The back map names pages that a signed-in user is
 * sent on from at once (/home and /auth go to their home, /onboarding to its first step); Back
 * to one of them would bounce straight back (issue #13), so it names the page they end on
 * instead, and no Back at all when that is the page itself (the chat is a signed-in user's home).
 */
export function backTarget(back: string | null, path: string, user: { onboardingCompleted: boolean } | null | undefined): string | null {
  if (back === null || !user) return back;
  let target = back;
  if (target === '/home' || target === '/auth' || target === '/signup') target = homePathFor(user);
  if (target === '/onboarding') target = ONBOARDING_STEPS[0]?.path ?? target;
  return target === path ? null : target;
}

export function useCurrentRoute(): AppRoute {
  const [path] = useLocation();
  const { parser } = useRouter();
  return findRoute(path, parser);
}
