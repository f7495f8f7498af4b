import { Link } from 'wouter';
import { Logo } from '../../../components/logo';
import { buttonClasses } from '../../../components/ui/button';
import { usePublicConfig } from '../../../lib/api/config';
import { useCurrentUser } from '../../../lib/api/current-user';
import { homePathFor } from '../../../lib/home-path';

export function WelcomePage() {
  const { productName, freeOffer } = usePublicConfig();
  const { data: user } = useCurrentUser();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-8 bg-gradient-to-b from-blue-50 to-white px-6 text-center">
      <div className="flex flex-col items-center gap-4">
        <Logo className="h-20 w-20" />
        <h1 className="text-3xl font-bold tracking-tight">{productName}</h1>
        <p className="text-slate-600">The #1 Sales Coaching App!</p>
        {/* What an account gives for free, worded by the server from the configured plans (issue #25). */}
        {freeOffer && <p className="max-w-xs text-sm text-slate-700">{freeOffer}</p>}
      </div>
      {/* Signed in already (a phone's Back lands here): on to the coach, or onboarding not yet finished (issue #25). */}
      <Link href={user ? homePathFor(user) : '/auth?mode=signin'} className={buttonClasses('primary', 'lg', 'w-full max-w-xs')}>
        {user ? 'Continue to your coach' : 'Log In or Sign Up'}
      </Link>
      {/* product §13.4's one button leads to sign-in ("Welcome Back"); a newcomer gets a way straight to sign-up (issue #25's walk). */}
      {!user && (
        <Link href="/signup" className="-mt-4 inline-flex min-h-11 items-center rounded px-3 text-sm font-medium text-blue-700 underline underline-offset-4">
          New here? Create a free account
        </Link>
      )}
      <Link href="/home" className="inline-flex min-h-11 items-center rounded px-3 text-sm text-slate-700 underline-offset-4 hover:underline">
        Learn more
      </Link>
    </div>
  );
}
