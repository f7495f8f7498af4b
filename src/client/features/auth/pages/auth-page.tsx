import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { Logo } from '../../../components/logo';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../lib/toast-store';
import { usePublicConfig } from '../../../lib/api/config';
import { useCurrentUser } from '../../../lib/api/current-user';
import { homePathFor } from '../../../lib/home-path';
import { forgetSignedOutReason, SIGNED_OUT_MESSAGES, useSignedOutReason } from '../../../lib/session-ended';
import { safeReturnPath } from '../../../lib/return-path';
import { authModeFrom, type AuthMode } from '../lib/auth-mode';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';


/** The first field of each side, where focus goes after toggling so typing starts there. */
const FIRST_FIELD: Record<AuthMode, string> = { signin: 'emailOrUsername', signup: 'username' };

/**
 * /auth (sign in unless `?mode=signup`) and /signup: one card that toggles (product §2.1). The
 * mode lives in the address, so a reload or a link ("Get Started") opens the right side.
 */
export function AuthPage({ initialMode }: { initialMode: AuthMode }) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const mode = authModeFrom(search, initialMode);
  // The page that sent a signed-out visitor here (a checkout, the referral page): back there after signing in.
  // Only a path of this site (lib/return-path.ts): the sign-in page is no open redirect.
  const next = safeReturnPath(new URLSearchParams(search).get('next'));
  const { productName } = usePublicConfig();
  const { data: user } = useCurrentUser();
  const signedOutBecause = useSignedOutReason();
  // Why the last sign-in or sign-up failed: shown above the form's button, and it stays (issue #25).
  const [failure, setFailure] = useState<string>();
  const toggled = useRef(false);

  // Already signed in (for example a second tab): go where a sign-in would have gone, in place of this page.
  useEffect(() => {
    if (user) navigate(next ?? homePathFor(user), { replace: true });
  }, [user, navigate, next]);

  useEffect(() => {
    if (!toggled.current) return;
    document.getElementById(FIRST_FIELD[mode])?.focus();
  }, [mode]);

  const toggle = () => {
    toggled.current = true;
    // The other side's complaint no longer applies to the form now shown.
    setFailure(undefined);
    // Replace: toggling is not a place Back should step through. The rest of the query (next, ref) stays.
    const params = new URLSearchParams(search);
    params.set('mode', mode === 'signin' ? 'signup' : 'signin');
    navigate(`${path}?${params}`, { replace: true });
  };

  // The auth page is replaced, not left in history: Back from where the user lands must not come here.
  const signedIn = (to: string) => {
    forgetSignedOutReason();
    navigate(to, { replace: true });
  };

  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-b from-blue-50 to-white px-4 py-10">
      <Card className="w-full max-w-md space-y-6 p-6">
        <Link href="/" className="-ml-2 -mt-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back
        </Link>
        <div className="flex flex-col items-center gap-2 text-center">
          <Logo />
          <h1 className="text-2xl font-bold">{mode === 'signin' ? 'Welcome Back' : 'Create Account'}</h1>
          <p className="text-sm text-slate-600">
            {mode === 'signin' ? `Sign in to continue your coaching with ${productName}.` : 'Start your sales coaching journey today.'}
          </p>
        </div>
        {signedOutBecause && (
          <p role="status" data-testid="signed-out-reason" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
            {SIGNED_OUT_MESSAGES[signedOutBecause]}
          </p>
        )}
        {/* Remounting on toggle resets both forms (product §2.1). */}
        {mode === 'signin' ? (
          <SignInForm
            key="signin"
            onSignedIn={(u) => {
              toast({ title: 'Welcome back!', description: "You've successfully signed in." });
              signedIn(next ?? homePathFor(u));
            }}
            error={failure}
            onFailed={setFailure}
          />
        ) : (
          <SignUpForm
            key="signup"
            onSignedUp={() => {
              toast({ title: 'Account created successfully!', description: `Welcome to ${productName}. Let's get you started with onboarding.` });
              // Where the visitor was headed (a checkout link) waits for onboarding and the tutorial (issue #25).
              signedIn(next ? `/onboarding?next=${encodeURIComponent(next)}` : '/onboarding');
            }}
            error={failure}
            onFailed={setFailure}
          />
        )}
        <p className="text-center text-sm text-slate-600">
          {mode === 'signin' ? "Don't have an account?" : 'Already have an account?'}{' '}
          <Button variant="link" className="min-h-11 px-1" onClick={toggle}>
            {mode === 'signin' ? 'Sign up' : 'Sign in'}
          </Button>
        </p>
      </Card>
    </div>
  );
}
