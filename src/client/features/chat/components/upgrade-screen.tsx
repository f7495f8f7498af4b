import { Link } from 'wouter';
import { Crown, Zap } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { useBilling } from '../../../lib/api/billing';
import { cn } from '../../../lib/cn';
import { usePlans } from '../../../lib/api/plans';
import { upgradeChoices } from '../../../lib/offer-choices';
import { resetNote } from '../lib/chat-status';

/** product §7.1: shown instead of the conversation once a free user's weekly chat is spent. */
export function UpgradeScreen({ daysUntilReset }: { daysUntilReset: number | null }) {
  const plans = usePlans();
  const billing = useBilling().data;
  const { free } = plans;
  // Until the plan is known no offer is named: a guess could show a promo already used.
  const choices = billing ? upgradeChoices(plans, billing) : null;
  const offers = choices?.kind === 'choose' ? choices.offers.filter((choice) => choice.href !== null) : [];
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-4 py-6">
      <div className="mx-auto max-w-md space-y-4">
        <section className="space-y-1 text-center">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">Upgrade to Continue</h2>
          <p className="text-slate-600">Your free weekly chat has been used</p>
        </section>

        {/* Only what this user may buy now, by the chooser's rule and the server's answer (the launch special is once per account). */}
        {offers.map(({ offer }) => {
          const pro = offer.tier === 'pro';
          const promo = offer.plan === 'proPromo';
          const Icon = pro ? Crown : Zap;
          return (
            <Card key={offer.plan} data-testid={`chat-offer-${offer.plan}`} className={cn('space-y-3', promo && 'border-purple-300 bg-purple-50')}>
              <div className="flex items-center gap-2">
                <Icon className={pro ? 'h-5 w-5 text-purple-700' : 'h-5 w-5 text-blue-700'} aria-hidden />
                <CardTitle>{offer.name}</CardTitle>
              </div>
              <p className={cn('text-lg font-semibold', pro ? 'text-purple-900' : 'text-slate-900')}>{offer.price}</p>
              <CardDescription>{offer.gives}.</CardDescription>
            </Card>
          );
        })}

        {/* One way on, to the plan chooser (issue #25): it offers only what this user may buy now (the launch special is once per account). */}
        <Link href="/upgrade" className={buttonClasses('primary', 'lg', 'w-full')}>
          Choose your plan
        </Link>

        <div className="space-y-1 text-center text-sm text-slate-500">
          <p>Free users get {free.chatsPerWindow === 1 ? '1 coaching session' : `${free.chatsPerWindow} coaching sessions`} per week</p>
          <p>{resetNote(daysUntilReset, free.windowDays)}</p>
        </div>
      </div>
    </div>
  );
}
