import { matchRoute, useLocation, useRouter, type Parser } from 'wouter';
import type { QueryClient } from '@tanstack/react-query';
import { authModeFrom } from '../features/auth/lib/auth-mode';
import { AuthPage } from '../features/auth/pages/auth-page';
import { ONBOARDING_STEP_NAMES, ONBOARDING_STEP_PATHS, type StepPath } from '../features/onboarding/lib/step-order';
import { WelcomePage } from '../features/welcome/pages/welcome-page';
import { lazyPage, type PageComponent } from './lazy-page';
import { homePathFor } from '../lib/home-path';

/*
 * Every feature page loads as its own chunk (issue #13: the first visit downloads the welcome
 * page and the shell, not the chat's Markdown renderer or the account forms). The welcome page
 * is small and stays in the first chunk, so `/`
 * paints without a second round trip. So does the auth card without its validation (about
 * 1.5 KB gzipped; the validation loads after it has painted, features/auth/lib/late-validation.ts):
 * as a chunk of its own, its imports and the chunks' overhead put /auth over its 100 KB budget,
 * and the welcome page's buttons lead there.
 */
// The 404 page is rare: a chunk of its own too, which leaves the first chunk room under its budget (issue #25).
const NotFoundPage = lazyPage(() => import('./pages/not-found-page').then((m) => m.NotFoundPage));
const AccountPage = lazyPage(() => import('../features/account/pages/account-page').then((m) => m.AccountPage));
const AdminPage = lazyPage(() => import('../features/admin/pages/admin-page').then((m) => m.AdminPage));
const SignInPage = () => <AuthPage initialMode="signin" />;
const SignUpPage = () => <AuthPage initialMode="signup" />;
// The forum's two pages are one module: one chunk and one entry in the first chunk's preload map.
const loadCommunity = () => import('../features/community/pages/forum');
const CommunityPage = lazyPage(() => loadCommunity().then((m) => m.CommunityPage));
const CommunityPostPage = lazyPage(() => loadCommunity().then((m) => m.PostPage));
const ChatPage = lazyPage(() => import('../features/chat/pages/chat-page').then((m) => m.ChatPage));
const FeedbackPage = lazyPage(() => import('../features/feedback/pages/feedback-page').then((m) => m.FeedbackPage));
const loadInfo = () => import('./info-pages');
const DownloadsPage = lazyPage(() => loadInfo().then((m) => m.DownloadsPage));
const LandingPage = lazyPage(() => import('../features/home/pages/landing-page').then((m) => m.LandingPage));
const OnboardingIndexPage = lazyPage(() => import('../features/onboarding/pages/onboarding-step-page').then((m) => m.OnboardingIndexPage));

/** The page of one onboarding step: the step's definition loads with the page's chunk. */
function onboardingStepPage(path: StepPath): PageComponent {
  return lazyPage(async () => {
    const { OnboardingStepPage, ONBOARDING_STEPS } = await import('../features/onboarding/pages/onboarding-step-page');
    const step = ONBOARDING_STEPS.find((candidate) => candidate.path === path);
    if (!step) throw new Error(`No onboarding step at ${path}`);
    return function OnboardingStepRoute() {
      return <OnboardingStepPage step={step} />;
    };
  });
}
const PrivacyPolicyPage = lazyPage(() => loadInfo().then((m) => m.PrivacyPolicyPage));
const TermsOfServicePage = lazyPage(() => loadInfo().then((m) => m.TermsOfServicePage));
// The three checkout pages and the plan chooser that leads to them are one chunk, and one entry
// in the first chunk's preload map (which has no bytes to spare); choosing then opens the
// checkout without another download.
const loadCheckout = () => import('../features/billing/pages/checkout-page');
const UpgradePage = lazyPage(() => loadCheckout().then((m) => m.UpgradePage));
const ProCheckoutPage = lazyPage(() => loadCheckout().then((m) => m.ProCheckoutPage));
const BasicCheckoutPage = lazyPage(() => loadCheckout().then((m) => m.BasicCheckoutPage));
const ProPromoCheckoutPage = lazyPage(() => loadCheckout().then((m) => m.ProPromoCheckoutPage));
const ProgressPage = lazyPage(() => import('../features/progress/pages/progress-page').then((m) => m.ProgressPage));
const ReferralPage = lazyPage(() => import('../features/referrals/pages/referral-page').then((m) => m.ReferralPage));
const TrainingPage = lazyPage(() => import('../features/training/pages/training-page').then((m) => m.TrainingPage));
// A lesson is a chunk of its own (issue #27): the list does not carry the check and the Markdown renderer.
const LessonPage = lazyPage(() => import('../features/training/pages/lesson-page').then((m) => m.LessonPage));
// The weekly practice plan and the objection deck (issue #27): one chunk of their own (app/practice-pages.ts),
// out of the first paint's budget, and one entry in the first chunk's preload map, which has no bytes to spare.
const loadPractice = () => import('./practice-pages');
const PracticePage = lazyPage(() => loadPractice().then((m) => m.PracticePage));
const DeckPage = lazyPage(() => loadPractice().then((m) => m.DeckPage));
const TutorialPage = lazyPage(() => import('../features/tutorial/pages/tutorial-page').then((m) => m.TutorialPage));

export type TabIconName = 'chat' | 'training' | 'deck' | 'community' | 'referrals' | 'account';

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
  /** Where the header's Back leads (product §13.3); null: no Back button. */
  back: string | null;
  /** This page's own entry in the tab bar, if it has one (the icon by name: layout/tab-bar.tsx). */
  tab: { label: string; icon: TabIconName } | null;
  /** For a page with no tab of its own, the tab it belongs under, lit while it shows (a lesson under Training). */
  tabOf?: string;
  /**
   * What surrounds the page: nothing (welcome and sign-in), the header bar only (sign-up,
   * onboarding, tutorial: a flow the tab bar would lead out of), or the header bar plus, for a
   * signed-in user, the tab bar.
   */
  chrome: 'none' | 'header' | 'header-and-tabs';
  /** Feature pages are lazy (lazy-page.tsx): the router preloads and suspends on them. */
  page: PageComponent;
  /**
   * Starts fetching the page's data when the route is shown, alongside its chunk and the session
   * read, instead of once the page has loaded and rendered (issue #13). Runs once per visit.
   */
  prefetch?: (qc: QueryClient) => void;
  /**
   * 'public', or 'signed-in': a visitor who opens the page (a bookmark, a shared or upgrade link,
   * a phone's Back after the session ended) is sent to sign-in, which then leads back to it
   * (issue #25), rather than dropped on `/`.
   */
  auth: 'public' | 'signed-in';
}

/**
 * /chat's data is asked for as soon as its route matches, beside the page's own chunk. The
 * prefetch code is a chunk of its own too: the first chunk, shared by `/`, `/auth` and `/signup`,
 * has no room under its 100 KB budget for code only the chat uses.
 */
function prefetchChatData(qc: QueryClient): void {
  void import('../features/chat/api/prefetch-chat').then((m) => m.prefetchChat(qc));
}

/**
 * Every route of product §13.1. The tab bar shows the entries that have a `tab`, in this order. Back
 * targets follow product §13.2's back map, with product §13.2's two fixes: `/basic-checkout` there
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
    page: SignInPage,
    auth: 'public',
  },
  {
    path: '/signup',
    title: 'Create Account',
    documentTitle: (search) => (authModeFrom(search, 'signup') === 'signup' ? 'Create Account' : 'Sign In'),
    back: '/',
    tab: null,
    chrome: 'none',
    page: SignUpPage,
    auth: 'public',
  },
  // /onboarding only forwards to the first step, so it needs no sign-in of its own.
  { path: '/onboarding', title: 'Set Up Your Profile', back: '/auth', tab: null, chrome: 'header', page: OnboardingIndexPage, auth: 'public' },
  ...ONBOARDING_STEP_PATHS.map(
    (path, index): AppRoute => ({
      path,
      title: 'Set Up Your Profile',
      documentTitle: `${ONBOARDING_STEP_NAMES[index] ?? ''} (step ${index + 1} of ${ONBOARDING_STEP_PATHS.length}) · Set Up Your Profile`,
      // The first step's Back is /auth, not /onboarding, which would only forward back to it.
      back: ONBOARDING_STEP_PATHS[index - 1] ?? '/auth',
      tab: null,
      chrome: 'header',
      page: onboardingStepPage(path),
      // The answers belong to an account: without one there is nothing to fill in.
      auth: 'signed-in',
    }),
  ),
  { path: '/tutorial', title: 'Tutorial', back: '/home', tab: null, chrome: 'header', page: TutorialPage, auth: 'signed-in' },
  { path: '/chat', title: 'AI Sales Coach', back: '/home', tab: { label: 'Chat', icon: 'chat' }, chrome: 'header-and-tabs', page: ChatPage, prefetch: prefetchChatData, auth: 'signed-in' },
  { path: '/training', title: 'Sales Training', back: '/home', tab: { label: 'Training', icon: 'training' }, chrome: 'header-and-tabs', page: TrainingPage, auth: 'signed-in' },
  { path: '/training/:partId', title: 'Lesson', back: '/training', tab: null, tabOf: '/training', chrome: 'header-and-tabs', page: LessonPage, auth: 'signed-in' },
  { path: '/practice', title: 'Weekly Practice', back: '/training', tab: null, chrome: 'header-and-tabs', page: PracticePage, auth: 'signed-in' },
  { path: '/deck', title: 'Objection Deck', back: '/chat', tab: { label: 'Deck', icon: 'deck' }, chrome: 'header-and-tabs', page: DeckPage, auth: 'signed-in' },
  { path: '/community', title: 'Community', back: '/home', tab: { label: 'Community', icon: 'community' }, chrome: 'header-and-tabs', page: CommunityPage, auth: 'signed-in' },
  { path: '/community/post/:id', title: 'Discussion', back: '/community', tab: null, chrome: 'header-and-tabs', page: CommunityPostPage, auth: 'signed-in' },
  { path: '/referral', title: 'Referral Program', back: '/home', tab: { label: 'Referrals', icon: 'referrals' }, chrome: 'header-and-tabs', page: ReferralPage, auth: 'signed-in' },
  { path: '/progress', title: 'Your Progress', back: '/chat', tab: null, chrome: 'header-and-tabs', page: ProgressPage, auth: 'signed-in' },
  { path: '/account', title: 'Account Settings', back: '/home', tab: { label: 'Account', icon: 'account' }, chrome: 'header-and-tabs', page: AccountPage, auth: 'signed-in' },
  { path: '/feedback', title: 'Feedback', back: '/account', tab: null, chrome: 'header-and-tabs', page: FeedbackPage, auth: 'public' },
  { path: '/admin', title: 'Admin Panel', back: '/account', tab: null, chrome: 'header-and-tabs', page: AdminPage, auth: 'signed-in' },
  { path: '/upgrade', title: 'Choose Your Plan', back: '/home', tab: null, chrome: 'header-and-tabs', page: UpgradePage, auth: 'signed-in' },
  { path: '/checkout', title: 'Upgrade to Pro', back: '/account', tab: null, chrome: 'header-and-tabs', page: ProCheckoutPage, auth: 'signed-in' },
  { path: '/checkout-basic', title: 'Basic Access', back: '/account', tab: null, chrome: 'header-and-tabs', page: BasicCheckoutPage, auth: 'signed-in' },
  { path: '/checkout-pro-promo', title: 'Pro Launch Special', back: '/home', tab: null, chrome: 'header-and-tabs', page: ProPromoCheckoutPage, auth: 'signed-in' },
  { path: '/downloads', title: 'Get the App', back: '/home', tab: null, chrome: 'header-and-tabs', page: DownloadsPage, auth: 'public' },
  { path: '/privacy-policy', title: 'Privacy Policy', back: '/account', tab: null, chrome: 'header-and-tabs', page: PrivacyPolicyPage, auth: 'public' },
  { path: '/terms-of-service', title: 'Terms of Service', back: '/account', tab: null, chrome: 'header-and-tabs', page: TermsOfServicePage, auth: 'public' },
];

/** Any other path: product §13.6's 404 page; Back leads to /home like any unlisted route. */
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
  // A visitor has no account page: Privacy, Terms and Feedback lead to the welcome page (issue #25).
  if (!user) return back === '/account' ? '/' : back;
  if (back === null) return back;
  let target = back;
  if (target === '/home' || target === '/auth' || target === '/signup') target = homePathFor(user);
  if (target === '/onboarding') target = ONBOARDING_STEP_PATHS[0] ?? target;
  return target === path ? null : target;
}

export function useCurrentRoute(): AppRoute {
  const [path] = useLocation();
  const { parser } = useRouter();
  return findRoute(path, parser);
}
