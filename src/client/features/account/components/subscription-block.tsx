import { useState } from 'react';
import { Link } from 'wouter';
import { AlertTriangle } from 'lucide-react';
import { formatMonthly } from '#shared/plans';
import type { BillingState, SubscriptionView } from '#shared/schemas/billing';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { usePlans } from '../../../lib/api/plans';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { useChangeSubscription } from '../api/change-subscription';
import { useBilling } from '../../../lib/api/billing';
import { formatLongDate } from '../../../lib/format-date';

/** The terms' rules that apply to a paid plan (product §4.5). */
function TermsNote() {
  return (
    <p data-testid="billing-terms" className="text-xs text-slate-600">
      Billed monthly in advance. Prices change only with 30 days&apos; notice. Fees are non-refundable except where law requires.
    </p>
  );
}

/** A subscription that still gives access: paid for the period, or in the grace after a failed renewal. */
const running = (sub: SubscriptionView | null): sub is SubscriptionView => sub !== null && (sub.status === 'active' || sub.status === 'past_due');

function CancelDialog({ sub, planName }: { sub: SubscriptionView; planName: string }) {
  const [open, setOpen] = useState(false);
  const cancel = useChangeSubscription('cancel');
  const end = formatLongDate(sub.currentPeriodEnd);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Cancel your subscription?"
      description={`You keep ${planName} until ${end}, the end of the period you paid for. It will not renew and you will not be charged again.`}
      trigger={
        <Button variant="secondary" className="w-full sm:w-auto">
          Cancel subscription
        </Button>
      }
    >
      <p className="text-sm text-slate-600">Fees already paid are non-refundable except where law requires. You can resume any time before {end}.</p>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          variant="destructive"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                setOpen(false);
                toast({ title: 'Subscription cancelled', description: `You keep ${planName} until ${end}.` });
              },
              onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
            })
          }
        >
          {cancel.isPending ? 'Cancelling…' : 'Cancel subscription'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Keep subscription
        </Button>
      </div>
    </Dialog>
  );
}

function ResumeButton({ planName }: { planName: string }) {
  const resume = useChangeSubscription('resume');
  return (
    <Button
      className="w-full sm:w-auto"
      disabled={resume.isPending}
      onClick={() =>
        resume.mutate(undefined, {
          onSuccess: (state) =>
            toast({
              title: 'Subscription resumed',
              description: state.subscription ? `${planName} renews on ${formatLongDate(state.subscription.currentPeriodEnd)}.` : undefined,
            }),
          onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
        })
      }
    >
      {resume.isPending ? 'Resuming…' : 'Resume subscription'}
    </Button>
  );
}

/** The account page's subscription card for a state with a running subscription or referral Pro time; nothing otherwise. */
export function SubscriptionDetails({ billing }: { billing: BillingState }) {
  const plans = usePlans();
  const sub = billing.subscription;
  if (!running(sub)) {
    if (billing.ended) {
      // A lapsed plan: "Free Plan" alone does not say what happened to what the user paid for.
      const endedName = billing.ended.tier === 'pro' ? plans.pro.name : plans.basic.name;
      return (
        <Card data-testid="subscription-block" className="space-y-2">
          {/* A trial can outlast the paid plan (entitlements.ts: paid access only hid it): its end date says why it is the plan now. */}
          <CardTitle>
            Your plan:{' '}
            {billing.plan === 'trial'
              ? billing.trialEndsAt
                ? `${plans.trial.name} until ${formatLongDate(billing.trialEndsAt)}`
                : plans.trial.name
              : plans.free.name}
          </CardTitle>
          <p data-testid="plan-ended" className="text-sm text-slate-700">
            Your {endedName} plan ended on {formatLongDate(billing.ended.endedAt)}.
          </p>
          <Link href="/upgrade" className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
            Renew or choose a plan
          </Link>
        </Card>
      );
    }
    // Pro from redeemed referral months, with no subscription behind it.
    if (billing.plan !== 'pro' || !billing.proUntil) return null;
    return (
      <Card data-testid="subscription-block" className="space-y-2">
        <CardTitle>Your plan: {plans.pro.name}</CardTitle>
        <p className="text-sm text-slate-700">
          Free referral months: <span data-testid="subscription-date">Access ends on {formatLongDate(billing.proUntil)}</span>
        </p>
      </Card>
    );
  }
  const planName = sub.tier === 'pro' ? plans.pro.name : plans.basic.name;
  const date = formatLongDate(sub.currentPeriodEnd);
  // A failed renewal is not renewing: until it is paid, access lasts to the grace period's end.
  const pastDue = sub.status === 'past_due' && sub.graceEndsAt !== null;
  const when = sub.cancelAtPeriodEnd ? `Access ends on ${date}` : pastDue ? `Access ends on ${formatLongDate(sub.graceEndsAt ?? '')} unless the renewal is paid` : `Renews on ${date}`;
  return (
    <Card data-testid="subscription-block" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <CardTitle>
          Your plan: {planName}
          {/* After the promo month the launch price no longer applies: say what it costs now. */}
          {!sub.promoPriceActive && <span data-testid="plan-price"> — {formatMonthly(sub.renewalPriceCents)}</span>}
        </CardTitle>
        {sub.promoPriceActive && <Badge tone="purple">Launch special</Badge>}
        {sub.cancelAtPeriodEnd && <Badge tone="amber">Cancelled</Badge>}
      </div>
      {billing.notice === 'renewal_failed' && (
        <div role="alert" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>
            Your renewal payment failed.{' '}
            {sub.graceEndsAt ? `Your access continues until ${formatLongDate(sub.graceEndsAt)}; if the payment still fails, your account returns to Free.` : 'If it is not paid, your account returns to Free.'}{' '}
            Check your card with your bank, or contact support.
          </p>
        </div>
      )}
      <p className="text-sm text-slate-700">
        <span data-testid="subscription-date" className="font-medium">
          {when}
        </span>
        {/* The price is said once: in the heading, or here while the launch month runs, since its renewal costs more. */}
        {sub.promoPriceActive && !sub.cancelAtPeriodEnd && !pastDue && <> at {formatMonthly(sub.renewalPriceCents)}</>}
      </p>
      <CardDescription>
        {sub.cancelAtPeriodEnd
          ? `It will not renew. You keep ${planName} until then, and can resume before that date.`
          : 'Cancel any time: you keep access until the end of the period you paid for.'}
      </CardDescription>
      <div>{sub.cancelAtPeriodEnd ? <ResumeButton planName={planName} /> : <CancelDialog sub={sub} planName={planName} />}</div>
      <TermsNote />
    </Card>
  );
}

/** The account page's subscription block (issue #14): reads GET /api/billing. */
export function SubscriptionBlock() {
  const billing = useBilling();
  if (!billing.data) return null;
  return <SubscriptionDetails billing={billing.data} />;
}
