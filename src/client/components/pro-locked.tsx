import { Link } from 'wouter';
import { LockKeyhole } from 'lucide-react';
import { formatMonthly, formatPrice } from '#shared/plans';
import { useBilling } from '../lib/api/billing';
import { usePlans } from '../lib/api/plans';
import { buttonClasses } from './ui/button';
import { Card } from './ui/card';
import { PlanFeatures } from './plan-features';

/**
 * What a user without Pro sees instead of a Pro page (product §3.5: training, community, progress):
 * what the page would give, Pro's price and features from the catalogue, the launch special while
 * this user may still use it, and the way to the plan chooser (/upgrade), which leads to checkout.
 */
export function ProLocked({ title, description }: { title: string; description: string }) {
  const { pro, proPromo } = usePlans();
  const promoAvailable = useBilling().data?.promoAvailable === true;
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <Card className="space-y-5 text-center">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-purple-100" aria-hidden>
          <LockKeyhole className="h-7 w-7 text-purple-700" />
        </span>
        <div className="space-y-2">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h2>
          <p className="text-slate-600">{description}</p>
        </div>
        <p className="text-3xl font-bold text-purple-900">{formatMonthly(pro.priceCents)}</p>
        {promoAvailable && (
          <p data-testid="promo-teaser" className="rounded-lg bg-purple-100 px-3 py-2 text-sm font-medium text-purple-900">
            {proPromo.name}: {formatPrice(proPromo.priceCents)} your first month
          </p>
        )}
        <PlanFeatures features={pro.features} />
        <Link href="/upgrade" className={buttonClasses('primary', 'lg', 'w-full bg-purple-600 hover:bg-purple-700')}>
          Upgrade to {pro.name}
        </Link>
      </Card>
    </div>
  );
}
