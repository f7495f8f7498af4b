import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { BarChart3, BookOpen, Stethoscope } from 'lucide-react';
import { formatPrice } from '#shared/plans';
import { Logo } from '../../../components/logo';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { readStoredUser } from '../../../lib/stored-user';
import { usePublicConfig } from '../../../lib/api/config';
import { usePlans } from '../../../lib/api/plans';
import { useCurrentUser } from '../../../lib/api/current-user';
import { homePathFor } from '../../../lib/home-path';
import { planBadge } from '../lib/plan-badge';

const FEATURES = [
  { icon: Stethoscope, title: 'Diagnostic Coaching', text: 'Find exactly where your calls break down: the opening, the middle or the close.' },
  { icon: BookOpen, title: 'Expert Methodology', text: 'Coaching built on SPIN Selling, the SQUARE method and advanced closing strategies.' },
  { icon: BarChart3, title: 'Performance Tracking', text: 'See your progress and the areas to work on next.' },
];

const STEPS = [
  { title: 'Start Diagnostic', text: 'Tell the coach what happens on your calls.' },
  { title: 'Get Targeted Questions', text: 'Answer a few sharp follow-up questions.' },
  { title: 'Receive Coaching', text: 'Get a named technique, an example line and one thing to try.' },
  { title: 'Track Progress', text: 'Watch your calls improve week by week.' },
];

/** 44 px tall, so a thumb hits the one it means. */
const FOOTER_LINK = 'inline-flex min-h-11 items-center rounded px-2 text-slate-600 underline-offset-4 hover:underline';

export function LandingPage() {
  const { productName, companyName } = usePublicConfig();
  const plans = usePlans();
  const [, navigate] = useLocation();
  const { data: user } = useCurrentUser();
  const greeted = user ?? readStoredUser();

  // product §13.4: a signed-in user does not stay on the landing page.
  useEffect(() => {
    if (user) navigate(homePathFor(user), { replace: true });
  }, [user, navigate]);

  return (
    <div className="mx-auto max-w-3xl space-y-10 px-4 py-8">
      <section className="flex flex-col items-center gap-3 text-center">
        <Logo className="h-16 w-16" />
        <h1 className="text-3xl font-bold tracking-tight">{productName}</h1>
        <p className="text-lg text-slate-600">The #1 Sales Coaching App!</p>
        {greeted && (
          <div className="flex flex-col items-center gap-2">
            <p className="font-medium">Welcome, {greeted.username}</p>
            <Badge tone={greeted.hasProAccess ? 'purple' : greeted.hasBasicAccess ? 'blue' : 'neutral'}>{planBadge(greeted)}</Badge>
          </div>
        )}
      </section>

      {plans.trial.days > 0 && (
        <Card className="border-blue-200 bg-blue-50 text-center">
          <CardTitle>Free {plans.trial.days}-Day Trial</CardTitle>
          <ul className="my-3 space-y-1 text-sm text-slate-700">
            <li>Unlimited AI coaching</li>
            <li>24/7 availability</li>
            <li>No credit card required</li>
          </ul>
          <CardDescription>
            Then keep unlimited coaching with {plans.basic.name} for {formatPrice(plans.basic.priceCents)}/month.
          </CardDescription>
          <Link href="/signup" className={buttonClasses('primary', 'lg', 'mt-4')}>
            Start Free {plans.trial.days}-Day Trial
          </Link>
        </Card>
      )}

      <div className="flex justify-center">
        {/* Someone who has not signed up yet means to create an account, so the card opens on that side. */}
        <Link href="/auth?mode=signup" className={buttonClasses('secondary', 'lg')}>
          Get Started
        </Link>
      </div>

      <section className="grid gap-4 sm:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <Icon className="mb-2 h-6 w-6 text-blue-600" aria-hidden />
            <CardTitle className="text-base">{title}</CardTitle>
            <CardDescription className="mt-1">{text}</CardDescription>
          </Card>
        ))}
      </section>

      <section>
        <h2 className="mb-4 text-center text-2xl font-semibold">How It Works</h2>
        <ol className="space-y-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex gap-3 rounded-lg bg-white p-4 shadow-sm">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-blue-600 font-semibold text-white">{i + 1}</span>
              <div>
                <p className="font-medium">{step.title}</p>
                <p className="text-sm text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <Card className="text-center">
        <CardTitle>Ready to close more deals?</CardTitle>
        <CardDescription className="mt-1">
          {plans.basic.name} {formatPrice(plans.basic.priceCents)}/month for unlimited coaching, or {plans.pro.name}{' '}
          {formatPrice(plans.pro.priceCents)}/month with training, community and analytics.
        </CardDescription>
        <Link href="/auth?mode=signup" className={buttonClasses('primary', 'lg', 'mt-4')}>
          Get Started Now
        </Link>
      </Card>

      <footer className="border-t border-slate-200 pt-6 text-center text-sm text-slate-600">
        <p>
          {/* A name that already ends in a full stop ("Inc.") must not get a second one. */}
          © 2025 {companyName.replace(/\.$/, '')}. All rights reserved.
        </p>
        <nav aria-label="About" className="mt-2 flex flex-wrap justify-center gap-x-2">
          <Link href="/privacy-policy" className={FOOTER_LINK}>
            Privacy Policy
          </Link>
          <Link href="/terms-of-service" className={FOOTER_LINK}>
            Terms of Service
          </Link>
          <Link href="/downloads" className={FOOTER_LINK}>
            Get the app
          </Link>
        </nav>
      </footer>
    </div>
  );
}
