import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { AccountPage } from '../features/account/pages/account-page';
import { AuthPage } from '../features/auth/pages/auth-page';
import { DownloadsPage } from '../features/downloads/pages/downloads-page';
import { LandingPage } from '../features/home/pages/landing-page';
import { PrivacyPolicyPage } from '../features/legal/pages/privacy-policy-page';
import { TermsOfServicePage } from '../features/legal/pages/terms-of-service-page';
import { ONBOARDING_STEPS } from '../features/onboarding/lib/onboarding-steps';
import { OnboardingIndexPage, OnboardingStepPage } from '../features/onboarding/pages/onboarding-step-page';
import { TutorialPage } from '../features/tutorial/pages/tutorial-page';
import { WelcomePage } from '../features/welcome/pages/welcome-page';
import { ComingSoonPage } from './pages/coming-soon-page';
import { NotFoundPage } from './pages/not-found-page';

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

/** Routes whose features land in later issues (the only placeholder allowed). */
const COMING_SOON: Array<[string, string]> = [
  ['/training', 'Sales Training'],
  ['/community', 'Community'],
  ['/referral', 'Referral Program'],
  ['/feedback', 'Feedback'],
  ['/admin', 'Admin Panel'],
  ['/checkout', 'Checkout'],
  ['/checkout-basic', 'Basic Access'],
  ['/checkout-pro-promo', 'Pro Launch Special'],
];

/** Every route of SPEC §2; anything else is the 404 page. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={WelcomePage} />
      <Route path="/home" component={LandingPage} />
      <Route path="/auth">
        <AuthPage initialMode="signin" />
      </Route>
      <Route path="/signup">
        <AuthPage initialMode="signup" />
      </Route>
      <Route path="/onboarding" component={OnboardingIndexPage} />
      {ONBOARDING_STEPS.map((step) => (
        <Route key={step.path} path={step.path}>
          <OnboardingStepPage step={step} />
        </Route>
      ))}
      <Route path="/tutorial" component={TutorialPage} />
      <Route path="/chat" component={LazyChatPage} />
      <Route path="/account" component={AccountPage} />
      <Route path="/downloads" component={DownloadsPage} />
      <Route path="/privacy-policy" component={PrivacyPolicyPage} />
      <Route path="/terms-of-service" component={TermsOfServicePage} />
      {COMING_SOON.map(([path, title]) => (
        <Route key={path} path={path}>
          <ComingSoonPage title={title} />
        </Route>
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
