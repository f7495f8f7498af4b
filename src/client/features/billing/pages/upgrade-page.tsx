import { Link } from 'wouter';
import { Crown, Sparkles, Zap } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { QueryState } from '../../../components/ui/query-state';
import { useBilling } from '../../../lib/api/billing';
import { usePlans } from '../../../lib/api/plans';
import { cn } from '../../../lib/cn';
import { upgradeChoices, type OfferChoice } from '../../../lib/offer-choices';
import { PlanFeatures } from '../../../components/plan-features';

function OfferChoiceCard({ choice }: { choice: OfferChoice }) {
  const { offer, href, current, note } = choice;
  const promo = offer.plan === 'proPromo';
  const pro = offer.tier === 'pro';
  const Icon = promo ? Sparkles : pro ? Crown : Zap;
  return (
    <Card
      data-testid={`offer-${offer.plan}`}
      className={cn('flex flex-col gap-3', promo && 'border-2 border-purple-500 bg-purple-50', pro && !promo && 'border-purple-200')}
    >
      {promo && <p className="self-start rounded-full bg-purple-600 px-3 py-1 text-xs font-semibold text-white">Launch offer · once per account</p>}
      {current && <p className="self-start rounded-full bg-blue-100 px-3 py-1 text-xs font-semibold text-blue-900">Your current plan</p>}
      <div className="flex items-center gap-2">
        <Icon className={pro ? 'h-5 w-5 text-purple-700' : 'h-5 w-5 text-blue-700'} aria-hidden />
        <CardTitle>{offer.name}</CardTitle>
      </div>
      <p data-testid={`offer-price-${offer.plan}`} className={cn('text-xl font-bold', pro ? 'text-purple-900' : 'text-slate-900')}>
        {offer.price}
      </p>
      <CardDescription>{offer.gives}.</CardDescription>
      <PlanFeatures features={offer.features} />
      {note && <p className="text-sm text-slate-700">{note}</p>}
      {/* The button sits at the card's foot, so side by side the three line up. */}
      <div className="mt-auto pt-1">
        {href ? (
          <Link href={href} className={buttonClasses(pro ? 'primary' : 'secondary', 'lg', cn('w-full', pro && 'bg-purple-600 hover:bg-purple-700'))}>
            Get {offer.name}
          </Link>
        ) : (
          <Link href="/account" className={buttonClasses('secondary', 'lg', 'w-full')}>
            Manage your plan
          </Link>
        )}
      </div>
    </Card>
  );
}

/**
 * /upgrade (issue #25): the one place every upgrade link leads (the locked Pro pages, the
 * account page, the chat's New Chat dialog). It shows what this user can buy now, the launch
 * promo first while it is theirs to use, with the catalogue's prices and what each plan
 * includes, and what buying does to the plan they have; each card leads to its checkout page.
 */
export function UpgradePage() {
  const plans = usePlans();
  const billing = useBilling();

  return (
    <QueryState query={billing} error="Your plan could not be loaded, so we cannot tell which offers are yours.">
      {(state) => <UpgradeChoices choices={upgradeChoices(plans, state)} proName={plans.pro.name} />}
    </QueryState>
  );
}

/** What this user can buy now, or, when they have Pro already, the way to their account. */
function UpgradeChoices({ choices, proName }: { choices: ReturnType<typeof upgradeChoices>; proName: string }) {
  if (choices.kind === 'has_pro') {
    return (
      <div className="mx-auto max-w-md px-4 py-8">
        <Card role="status" className="space-y-3 text-center">
          <CardTitle>You already have {proName}</CardTitle>
          <CardDescription>
            {choices.cancelling
              ? 'It is set to end at the close of the period you paid for. To keep it, choose Resume on your account page.'
              : 'Training, community and analytics are yours. Your plan and its renewal date are on your account page.'}
          </CardDescription>
          <Link href="/account" className={buttonClasses('secondary', 'md', 'w-full')}>
            Go to your account
          </Link>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6">
      <section className="space-y-1 text-center">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">Choose your plan</h2>
        {choices.currentPlan && <p className="text-slate-600">{choices.currentPlan}</p>}
      </section>
      <div className={cn('grid gap-4', choices.offers.length === 3 ? 'md:grid-cols-3' : 'mx-auto max-w-3xl md:grid-cols-2')}>
        {choices.offers.map((choice) => (
          <OfferChoiceCard key={choice.offer.plan} choice={choice} />
        ))}
      </div>
      <p className="text-center text-sm text-slate-500">Billed monthly. Cancel any time: access continues to the end of the period you paid for.</p>
    </div>
  );
}
