import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { Brain, Target, TrendingUp } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { usePublicConfig } from '../../../lib/api/config';
import { useCurrentUser } from '../../../lib/api/current-user';
import { forgetDestination, rememberedDestination } from '../../../lib/destination';
import { DemoVideo } from '../components/demo-video';
import { formatMonthlyGoal } from '../lib/format-goal';
import { useSeenTimer } from '../lib/use-seen-timer';

const FEATURES = [
  { icon: Brain, title: 'Smart Diagnosis', text: 'Pinpoints where your calls break down before giving advice.' },
  { icon: Target, title: 'Personalized Coaching', text: 'Advice fitted to your industry, product and goals.' },
  { icon: TrendingUp, title: 'Proven Results', text: 'Techniques from SPIN Selling and top closers, ready for your next call.' },
];

/** /tutorial (product §6.4): the demo, what the coach does, and the user's monthly goal. */
export function TutorialPage() {
  const { data: user } = useCurrentUser();
  const { tutorialVideoId } = usePublicConfig();
  const [ready, setReady] = useState(false);
  const markReady = useCallback(() => setReady(true), []);
  // Where a new account was headed before signing up (a checkout link, issue #25): there, not the chat.
  const [destination] = useState(rememberedDestination);

  // Only a signed-in user who has not been counted yet starts the clock.
  useSeenTimer(ready, !user || user.tutorialSeenAt !== null);

  // The route's guard (app/require-user.tsx) lets only a signed-in user in; null covers the moment of signing out.
  if (!user) return null;

  return (
    // On a desktop the demo sits beside the rest, so "Continue" is on the first screen (issue #25's walk: at 1280×800 it was below the fold).
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-6 lg:max-w-5xl">
      <section className="space-y-2 text-center">
        <h2 className="text-2xl font-bold tracking-tight">See Your AI Coach in Action</h2>
        <p className="text-slate-600">A quick look at how your coach diagnoses a deal and tells you what to do next.</p>
      </section>

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <DemoVideo videoId={tutorialVideoId} onReady={markReady} />

      <div className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Card key={title} className="space-y-2 p-4">
            <Icon className="h-6 w-6 text-blue-600" aria-hidden />
            <CardTitle className="text-base">{title}</CardTitle>
            <CardDescription>{text}</CardDescription>
          </Card>
        ))}
      </div>

      <Card className="flex items-center justify-between gap-4 border-blue-200 bg-blue-50">
        <p className="text-sm font-medium text-slate-700">Your monthly goal</p>
        <p data-testid="monthly-goal" className="text-2xl font-bold text-blue-800">
          {formatMonthlyGoal(user.targetIncome)}
        </p>
      </Card>

      <Link href={destination ?? '/chat'} onClick={forgetDestination} className={buttonClasses('primary', 'lg', 'w-full')}>
        {destination ? (destination.startsWith('/checkout') ? 'Continue to checkout' : 'Continue where you were going') : 'Continue to AI Coach'}
      </Link>
      </div>
      </div>
    </div>
  );
}
