import { Link } from 'wouter';
import { Crown, Zap } from 'lucide-react';
import { formatMonthly, formatPrice } from '../../../../shared/plans';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { usePlans } from '../../../lib/api/plans';
import { resetNote } from '../lib/chat-status';

/** SPEC §2 Chat: shown instead of the conversation once a free user's weekly chat is spent. */
export function UpgradeScreen({ daysUntilReset }: { daysUntilReset: number | null }) {
  const plans = usePlans();
  const { proPromo, basic, free } = plans;
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-4 py-6">
      <div className="mx-auto max-w-md space-y-4">
        <section className="space-y-1 text-center">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">Upgrade to Continue</h2>
          <p className="text-slate-600">Your free weekly chat has been used</p>
        </section>

        <Card className="space-y-3 border-purple-300 bg-purple-50">
          <div className="flex items-center gap-2">
            <Crown className="h-5 w-5 text-purple-700" aria-hidden />
            <CardTitle>{proPromo.name}</CardTitle>
          </div>
          <p className="text-lg font-semibold text-purple-900">
            {`${formatPrice(proPromo.priceCents)} first month, then ${formatMonthly(proPromo.thenPriceCents)}`}
          </p>
          <CardDescription>{plans.pro.gives}.</CardDescription>
        </Card>

        <Card className="space-y-3">
          <div className="flex items-center gap-2">
            <Zap className="h-5 w-5 text-blue-700" aria-hidden />
            <CardTitle>{basic.name}</CardTitle>
          </div>
          <p className="text-lg font-semibold text-slate-900">{formatMonthly(basic.priceCents)}</p>
          <CardDescription>{basic.gives}.</CardDescription>
        </Card>

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
