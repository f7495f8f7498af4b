import { useRef } from 'react';
import { Copy, Gift, Share2 } from 'lucide-react';
import { formatPrice } from '#shared/plans';
import type { ReferralState } from '#shared/schemas/billing';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { QueryState } from '../../../components/ui/query-state';
import { Label } from '../../../components/ui/label';
import { usePublicConfig } from '../../../lib/api/config';
import { errorMessage } from '../../../lib/form-errors';
import { formatLongDate } from '../../../lib/format-date';
import { plural } from '../../../lib/plan-status';
import { toast } from '../../../lib/toast-store';
import { useReferral } from '../api/get-referral';
import { useRedeemReferralMonth } from '../api/redeem-referral-month';

/**
 * The link to share, absolute. The server answers an absolute link when the operator configured
 * PUBLIC_URL, else only the path: it never trusts the request's Host header to say where the app
 * lives, so the page completes the path with the origin it was itself loaded from.
 */
const absoluteLink = (link: string) => new URL(link, window.location.origin).href;

/** The Web Share API where the browser has it (most phones); desktops without it get Copy only. */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * /referral (product §5.3, §5): the months earned and left, what one is worth, how it works,
 * the terms, the user's link with Copy and Share, and Redeem, which adds 30 days of Pro.
 */
export function ReferralPage() {
  const referral = useReferral();
  return (
    <QueryState query={referral} error="Your referral details could not be loaded.">
      {(state) => <ReferralDetails state={state} />}
    </QueryState>
  );
}

function ReferralDetails({ state }: { state: ReferralState }) {
  const redeem = useRedeemReferralMonth();
  const { productName } = usePublicConfig();
  const linkInput = useRef<HTMLInputElement>(null);
  const value = formatPrice(state.valuePerReferralCents);
  const link = absoluteLink(state.link);
  const { sameDeviceOrNetwork, sameCard } = state.notEligible;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied', description: 'Paste it wherever your friends will see it.' });
    } catch {
      // No clipboard access (an insecure page, a denied permission): leave the link selected to copy by hand.
      linkInput.current?.select();
      toast({ title: 'Copy the link', description: 'It is selected: copy it with your keyboard or the menu.' });
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: productName, text: `Coach your sales calls with ${productName}. Sign up through my link:`, url: link });
    } catch (err) {
      // Closing the share sheet is a choice, not a failure.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      toast({ title: 'Could not share', description: 'Copy the link instead.', variant: 'destructive' });
    }
  };

  const redeemMonth = () =>
    redeem.mutate(undefined, {
      onSuccess: (next) =>
        toast({ title: 'Free month redeemed', description: next.proUntil ? `You have Pro until ${formatLongDate(next.proUntil)}.` : 'You have 30 more days of Pro.' }),
      onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
    });

  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <div className="grid gap-4 md:grid-cols-2 md:items-start">
        <Card className="space-y-4 border-purple-200 bg-purple-50">
          <div className="flex items-center gap-2">
            <Gift className="h-5 w-5 text-purple-700" aria-hidden />
            <CardTitle>Your free Pro months</CardTitle>
          </div>
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-lg bg-white p-3">
              <dt className="text-xs font-medium text-slate-600">Months remaining</dt>
              <dd data-testid="referral-months" className="text-3xl font-bold text-purple-900">
                {state.freeProMonthsRemaining}
              </dd>
            </div>
            <div className="rounded-lg bg-white p-3">
              <dt className="text-xs font-medium text-slate-600">Value per referral</dt>
              <dd data-testid="referral-value" className="text-3xl font-bold text-purple-900">
                {value}
              </dd>
            </div>
          </dl>
          <p className="text-sm text-slate-700">
            {plural(state.signedUp, 'friend')} signed up through your link; {plural(state.credited, 'month')} earned.
          </p>
          {/* Said, not hidden: a referral that cannot earn is counted here with the reason (the terms below). */}
          {sameDeviceOrNetwork > 0 && (
            <p data-testid="referral-not-eligible-device" className="text-sm text-slate-700">
              {sameDeviceOrNetwork === 1 ? '1 sign-up is' : `${sameDeviceOrNetwork} sign-ups are`} not eligible: same device or network as you.
            </p>
          )}
          {sameCard > 0 && (
            <p data-testid="referral-not-eligible-card" className="text-sm text-slate-700">
              {sameCard === 1 ? '1 payment is' : `${sameCard} payments are`} not eligible: made with a card already used by you or another of your referrals.
            </p>
          )}
          {state.proUntil && (
            <p data-testid="referral-pro-until" className="text-sm font-medium text-purple-900">
              Pro from your free months runs until {formatLongDate(state.proUntil)}.
            </p>
          )}
          <Button className="w-full bg-purple-600 hover:bg-purple-700 disabled:bg-purple-300" disabled={state.freeProMonthsRemaining === 0 || redeem.isPending} onClick={redeemMonth}>
            {redeem.isPending ? 'Redeeming…' : 'Redeem a free month'}
          </Button>
          {state.freeProMonthsRemaining === 0 && <p className="text-xs text-slate-600">Earn a month for each friend whose first payment goes through.</p>}
        </Card>

        <Card className="space-y-3">
          <CardTitle>Your referral link</CardTitle>
          <div className="space-y-1.5">
            <Label htmlFor="referral-link">Share this link</Label>
            <Input id="referral-link" ref={linkInput} readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="font-mono text-sm" />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" className="flex-1" onClick={() => void copy()}>
              <Copy className="h-4 w-4" aria-hidden />
              Copy
            </Button>
            {canShare() && (
              <Button variant="secondary" className="flex-1" onClick={() => void share()}>
                <Share2 className="h-4 w-4" aria-hidden />
                Share
              </Button>
            )}
          </div>
          <p className="text-xs text-slate-600">Your code: <span className="font-mono">{state.code}</span></p>
        </Card>
      </div>

      <Card className="space-y-3">
        <CardTitle>How it works</CardTitle>
        <ol className="space-y-3">
          {[
            ['Share your link', 'Send it to sales friends by message, email or social media.'],
            ['They sign up and subscribe', `They create an account through your link and pay for a plan of ${productName}.`],
            ['You get a free Pro month', `When their first payment succeeds, a Pro month worth ${value} is yours to redeem here.`],
          ].map(([title, text], index) => (
            <li key={title} className="flex gap-3">
              <span aria-hidden className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-purple-600 text-sm font-semibold text-white">
                {index + 1}
              </span>
              <span>
                <span className="block font-medium text-slate-900">{title}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
            </li>
          ))}
        </ol>
      </Card>

      <Card className="space-y-2">
        <CardTitle>Terms</CardTitle>
        <CardDescription>The referral program's rules:</CardDescription>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>You earn one free Pro month for each referred person whose first payment succeeds.</li>
          <li>Referring yourself, or a second account of yours, earns nothing.</li>
          <li>
            A sign-up earns nothing if it is made from a browser or a network address you have used in the last 30 days, and a first
            payment earns nothing if it is made with a card that you, or another person you referred, has already paid with.
          </li>
          <li>Such an account still works as usual; it is shown here as not eligible.</li>
          <li>Each month you redeem adds 30 days of Pro.</li>
        </ul>
      </Card>
    </div>
  );
}
