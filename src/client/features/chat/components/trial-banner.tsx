import { Link } from 'wouter';
import { Sparkles } from 'lucide-react';
import { formatPrice } from '../../../../shared/plans';
import { buttonClasses } from '../../../components/ui/button';
import { usePlans } from '../../../lib/api/plans';
import { trialBannerText } from '../lib/chat-status';

/** SPEC §4 promo banner: the trial's days left and the way to keep unlimited coaching after it. */
export function TrialBanner({ daysLeft }: { daysLeft: number }) {
  const plans = usePlans();
  return (
    <div data-testid="trial-banner" className="flex items-center gap-3 border-b border-blue-200 bg-blue-50 px-4 py-2">
      <Sparkles className="h-4 w-4 shrink-0 text-blue-700" aria-hidden />
      <p className="min-w-0 flex-1 text-sm font-medium text-blue-900">{trialBannerText(daysLeft)}</p>
      <Link href="/checkout-basic" className={buttonClasses('primary', 'sm', 'shrink-0')}>
        Upgrade for {formatPrice(plans.basic.priceCents)}
      </Link>
    </div>
  );
}
