import { useState } from 'react';
import { Link } from 'wouter';
import { X } from 'lucide-react';
import { formatPrice } from '#shared/plans';
import { usePlans } from '../../../lib/api/plans';
import { trialBannerText } from '../lib/chat-status';
import { dismissTrialBanner, trialBannerDismissed } from '../lib/trial-banner-flag';

/**
 * product §3.4 promo banner: the trial's days left and the way to keep unlimited coaching after it.
 * One slim row (its two targets are 44 px tall, nothing more), and it can be dismissed: on a
 * phone every row above the conversation is taken from it. Its link leads to the one plan
 * chooser (/upgrade, issue #25): the price named is the cheapest plan there, Basic.
 */
export function TrialBanner({ daysLeft }: { daysLeft: number }) {
  const plans = usePlans();
  const [hidden, setHidden] = useState(() => trialBannerDismissed(daysLeft));
  if (hidden) return null;
  return (
    <div data-testid="trial-banner" className="flex shrink-0 items-center gap-2 border-b border-blue-200 bg-blue-50 pl-4 pr-1">
      <p className="min-w-0 flex-1 text-xs font-medium leading-4 text-blue-900 sm:text-sm">{trialBannerText(daysLeft)}</p>
      <Link
        href="/upgrade"
        className="inline-flex h-11 shrink-0 items-center rounded-lg px-2 text-sm font-semibold text-blue-700 underline-offset-2 hover:underline"
      >
        Upgrade for {formatPrice(plans.basic.priceCents)}
      </Link>
      <button
        type="button"
        aria-label="Dismiss the trial banner"
        onClick={() => {
          dismissTrialBanner(daysLeft);
          setHidden(true);
        }}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-blue-900/70 hover:bg-blue-100"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
