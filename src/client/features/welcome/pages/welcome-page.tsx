import { Link } from 'wouter';
import { Logo } from '../../../components/logo';
import { buttonClasses } from '../../../components/ui/button';
import { usePublicConfig } from '../../../lib/api/config';
import { useCurrentUser } from '../../../lib/api/current-user';
import { homePathFor } from '../../../lib/home-path';
import { readStoredUser } from '../../../lib/stored-user';

export function WelcomePage() {
  const { productName } = usePublicConfig();
  const { data, isPending } = useCurrentUser();
  // Until the session is read, the browser's display cache guesses, so a signed-in user does not
  // see "Log In" flash first (a phone's Back lands here). The server's answer then decides.
  const user = isPending ? readStoredUser() : data;
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-8 bg-gradient-to-b from-blue-50 to-white px-6 text-center">
      <div className="flex flex-col items-center gap-4">
        <Logo className="h-20 w-20" />
        <h1 className="text-3xl font-bold tracking-tight">{productName}</h1>
        <p className="text-slate-600">The #1 Sales Coaching App!</p>
      </div>
      {user ? (
        // Signed in already: on to the coach (or onboarding, not yet finished), not a sign-in (issue #25).
        <Link href={homePathFor(user)} className={buttonClasses('primary', 'lg', 'w-full max-w-xs')}>
          Continue to your coach
        </Link>
      ) : (
        <Link href="/auth?mode=signin" className={buttonClasses('primary', 'lg', 'w-full max-w-xs')}>
          Log In or Sign Up
        </Link>
      )}
      <Link href="/home" className="inline-flex min-h-11 items-center rounded px-3 text-sm text-slate-700 underline-offset-4 hover:underline">
        Learn more
      </Link>
    </div>
  );
}
