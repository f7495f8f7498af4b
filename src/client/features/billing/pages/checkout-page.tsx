import { lazy, Suspense, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { CreditCard, Crown, ShieldCheck, Smartphone, Wallet, Zap } from 'lucide-react';
import { formatMonthly, formatPrice } from '#shared/plans';
import type { CheckoutPlan, CreateSubscriptionResult, SandboxCard } from '#shared/schemas/billing';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import type { User } from '#shared/schemas/user';
import { ApiRequestError } from '../../../lib/api-client';
import { currentUserKey } from '../../../lib/api/current-user';
import { rememberDestination } from '../../../lib/destination';
import { usePlans } from '../../../lib/api/plans';
import { toast } from '../../../lib/toast-store';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { createSubscription } from '../api/create-subscription';
import { billingKey, refreshAfterBillingChange, useBilling } from '../../../lib/api/billing';
import { reportPaymentSuccess } from '../api/report-payment-success';
import { SandboxCardForm } from '../components/sandbox-card-form';
import { basicUpgradeNote } from '../../../lib/basic-upgrade-note';
import { checkoutOffer, planIncludes, unavailableReason } from '../../../lib/checkout-offer';
import { PlanFeatures } from '../../../components/plan-features';

// Stripe.js comes only with this chunk, fetched only when the server's provider is Stripe.
const StripePaymentForm = lazy(() => import('../components/stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));

const APPLE_PAY_NOTICE = 'Apple Pay is available in the mobile app';

/**
 * Google Pay, true to each provider: Stripe's Payment Element shows its Google Pay button itself
 * where the browser offers it (wallets are on by default, nothing to configure); the built-in
 * sandbox has no wallets at all, only its test cards, so it says so rather than pretend.
 */
const GOOGLE_PAY_NOTICE = {
  stripe: 'Google Pay shows in the payment form below when your browser offers it; otherwise pay with your card.',
  sandbox: 'Google Pay is not available in this test checkout. Pay with a test card.',
} as const;

/** A refused card (402) or a detail the provider rejected (400) has a message for the user; anything else is our failure. */
const refusedMessage = (err: unknown): string | null =>
  err instanceof ApiRequestError && (err.status === 402 || err.status === 400) ? err.message : null;

/** The payment provider could not be reached (503): the server says what did and did not happen. */
const unreachableMessage = (err: unknown): string | null => (err instanceof ApiRequestError && err.status === 503 ? err.message : null);

/**
 * Why the subscription could not be started: the server's own words when it explains (the promo
 * is used, a plan is already running: 4xx; payments not reachable: 503), otherwise product §15.4's
 * 'Failed to initialize payment'.
 */
const initFailure = (err: unknown): string =>
  unreachableMessage(err) ?? (err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 429 ? err.message : 'Failed to initialize payment');

function OfferCard({ plan }: { plan: CheckoutPlan }) {
  const offer = checkoutOffer(plan, usePlans());
  const Icon = offer.tier === 'pro' ? Crown : Zap;
  const promo = plan === 'proPromo';
  return (
    <Card className={promo || offer.tier === 'pro' ? 'space-y-3 border-purple-300 bg-purple-50' : 'space-y-3'}>
      <div className="flex items-center gap-2">
        <Icon className={offer.tier === 'pro' ? 'h-5 w-5 text-purple-700' : 'h-5 w-5 text-blue-700'} aria-hidden />
        <CardTitle>{offer.name}</CardTitle>
      </div>
      <p data-testid="checkout-price" className="text-2xl font-bold text-slate-900">
        {offer.price}
      </p>
      <CardDescription>{offer.gives}.</CardDescription>
      <PlanFeatures features={offer.features} />
      {promo && <p className="text-sm font-medium text-purple-900">Once per account: the launch price applies to your first month only.</p>}
    </Card>
  );
}

/** Shown instead of the payment when this offer is not for this user now. */
function Unavailable({ reason }: { reason: 'promo_used' | 'has_pro' | 'has_basic' }) {
  const plans = usePlans();
  if (reason === 'promo_used') {
    return (
      <Card role="status" className="space-y-3">
        <CardTitle>You have already used the launch special</CardTitle>
        <CardDescription>
          The {plans.proPromo.name} is once per account. Regular {plans.pro.name} is {formatMonthly(plans.pro.priceCents)}, with everything the special gives.
        </CardDescription>
        <Link href="/checkout" className={buttonClasses('primary', 'md', 'w-full')}>
          Get {plans.pro.name} for {formatMonthly(plans.pro.priceCents)}
        </Link>
      </Card>
    );
  }
  const name = reason === 'has_pro' ? plans.pro.name : plans.basic.name;
  return (
    <Card role="status" className="space-y-3">
      <CardTitle>You already have {name}</CardTitle>
      <CardDescription>Your plan and its renewal are on your account page.</CardDescription>
      <Link href="/account" className={buttonClasses('secondary', 'md', 'w-full')}>
        Go to your account
      </Link>
    </Card>
  );
}

/**
 * A checkout page (product §4.1, §15.4): the offer, the choice of method, then the payment. One
 * `attemptId` per visit is the idempotency key of the subscription it starts, and the Pay button
 * is disabled while a payment is under way, so a double click never pays or subscribes twice.
 * Access changes only once the server has checked the payment with the provider.
 */
export function CheckoutPage({ plan }: { plan: CheckoutPlan }) {
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const plans = usePlans();
  const offer = checkoutOffer(plan, plans);
  const billing = useBilling();
  const [attemptId] = useState(() => crypto.randomUUID());
  const [payment, setPayment] = useState<CreateSubscriptionResult | null>(null);
  const [walletNotice, setWalletNotice] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [paying, setPaying] = useState(false);
  // Refusals are shown on the page, by the card or the button they are about, and stay until the
  // next try: a toast went away after five seconds, far from the card field (issue #25).
  const [declined, setDeclined] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title: string; description: string } | null>(null);
  // State updates land after the next render; a second click in the same frame is stopped here.
  const busy = useRef(false);

  const start = async (method: 'card' | 'applePay' | 'googlePay') => {
    if (method === 'applePay') {
      toast({ title: APPLE_PAY_NOTICE, description: 'Pay with your card below.' });
      setWalletNotice(`${APPLE_PAY_NOTICE}. Pay with your card here.`);
    }
    if (method === 'googlePay') setWalletNotice(GOOGLE_PAY_NOTICE[billing.data?.provider ?? 'sandbox']);
    if (payment || busy.current) return;
    busy.current = true;
    setCreating(true);
    setFailure(null);
    try {
      setPayment(await createSubscription(plan, { attemptId }));
    } catch (err) {
      setFailure({ title: 'Error', description: initFailure(err) });
      // The server may have refused for a reason the billing state shows (promo used, plan running).
      void qc.invalidateQueries({ queryKey: billingKey });
    } finally {
      busy.current = false;
      setCreating(false);
    }
  };

  /** The provider confirmed the payment in the browser: the server checks it and answers with the plan. */
  const paid = async (paymentIntentId: string, subscriptionId: string) => {
    const state = await reportPaymentSuccess({ subscriptionId, paymentIntentId });
    await refreshAfterBillingChange(qc, state);
    if (!planIncludes(state.plan, offer.tier)) {
      // Confirmed in the browser but not yet by the provider (a bank's check): the webhook finishes it.
      toast({ title: 'Payment received', description: 'We are confirming it with the payment provider; your plan updates in a moment.' });
      navigate('/account', { replace: true });
      return;
    }
    const headedTo = offer.tier === 'pro' ? '/training' : '/chat';
    if (offer.tier === 'pro') toast({ title: 'Welcome to Pro!', description: 'Training, community and analytics are unlocked.' });
    else toast({ title: `Welcome to ${plans.basic.name}!`, description: 'Unlimited coaching is unlocked. Start a new chat any time.' });
    // Paid before onboarding (a new account that followed a checkout link): the coach needs the
    // profile first, so onboarding, then the tutorial leads on to where they were headed (issue #25).
    if (qc.getQueryData<User | null>(currentUserKey)?.onboardingCompleted === false) {
      rememberDestination(headedTo);
      navigate('/onboarding', { replace: true });
      return;
    }
    navigate(headedTo, { replace: true });
  };

  const paymentError = (err?: unknown) =>
    setFailure({ title: 'Payment Error', description: unreachableMessage(err) ?? 'Something went wrong while paying. Please try again.' });

  const paySandbox = async (card: SandboxCard) => {
    if (!payment || busy.current) return;
    busy.current = true;
    setPaying(true);
    setDeclined(null);
    setFailure(null);
    try {
      const { paymentIntentId } = await confirmSandboxPayment({ clientSecret: payment.clientSecret, card });
      await paid(paymentIntentId, payment.subscriptionId);
    } catch (err) {
      const refused = refusedMessage(err);
      if (refused) setDeclined(refused);
      else paymentError(err);
    } finally {
      busy.current = false;
      setPaying(false);
    }
  };

  const payStripe = async (paymentIntentId: string) => {
    if (!payment) return;
    setPaying(true);
    setFailure(null);
    try {
      await paid(paymentIntentId, payment.subscriptionId);
    } catch (err) {
      paymentError(err);
    } finally {
      setPaying(false);
    }
  };

  const reason = billing.data ? unavailableReason(plan, billing.data) : null;
  // Moving from Basic to Pro: said before the user pays, next to what they are about to pay.
  const replacesBasic = offer.tier === 'pro' && billing.data ? basicUpgradeNote(plans, billing.data) : null;
  const replacesBasicNote = replacesBasic && (
    <p data-testid="replaces-basic" className="rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900">
      {replacesBasic}
    </p>
  );

  const failureNote = failure && (
    <div role="alert" data-testid="checkout-failure" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="font-semibold">{failure.title}</p>
      <p>{failure.description}</p>
    </div>
  );

  let action;
  if (billing.isPending) {
    action = (
      <p role="status" className="py-4 text-center text-slate-500">
        Loading…
      </p>
    );
  } else if (reason) {
    action = <Unavailable reason={reason} />;
  } else if (!payment) {
    action = (
      <Card className="space-y-3">
        <CardTitle>Payment method</CardTitle>
        <CardDescription>Billed monthly in advance. Cancel any time; access continues to the end of the period you paid for.</CardDescription>
        {replacesBasicNote}
        <div className="grid gap-2 sm:grid-cols-2">
          <Button size="lg" className="whitespace-nowrap text-base" onClick={() => void start('card')} disabled={creating}>
            <CreditCard className="h-5 w-5" aria-hidden />
            {creating ? 'Preparing…' : 'Pay with Card'}
          </Button>
          <Button variant="secondary" size="lg" className="whitespace-nowrap text-base" onClick={() => void start('applePay')} disabled={creating}>
            <Smartphone className="h-5 w-5" aria-hidden />
            Apple Pay
          </Button>
          <Button variant="secondary" size="lg" className="whitespace-nowrap text-base sm:col-span-2" onClick={() => void start('googlePay')} disabled={creating}>
            <Wallet className="h-5 w-5" aria-hidden />
            Google Pay
          </Button>
        </div>
        {failureNote}
        {billing.data?.provider === 'stripe' && <p className="text-sm text-slate-600">Google Pay and Apple Pay show in the card form where your browser offers them.</p>}
      </Card>
    );
  } else {
    action = (
      <Card className="space-y-4">
        <div className="space-y-1">
          <CardTitle>Card details</CardTitle>
          <p data-testid="checkout-charge" className="text-sm text-slate-700">
            You pay {formatPrice(payment.amountCents)} today.
          </p>
        </div>
        {replacesBasicNote}
        {walletNotice && (
          <p role="status" data-testid="wallet-notice" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
            {walletNotice}
          </p>
        )}
        {payment.provider === 'stripe' && payment.publishableKey ? (
          <Suspense
            fallback={
              <p role="status" className="py-4 text-center text-slate-500">
                Loading the secure payment form…
              </p>
            }
          >
            <StripePaymentForm
              publishableKey={payment.publishableKey}
              clientSecret={payment.clientSecret}
              payLabel={offer.payLabel}
              busy={paying}
              onPaid={(id) => void payStripe(id)}
              onRefused={(message) => setFailure({ title: 'Payment Failed', description: message })}
              onException={paymentError}
            />
          </Suspense>
        ) : (
          <SandboxCardForm payLabel={offer.payLabel} pending={paying} declined={declined} onCardEdit={() => setDeclined(null)} onPay={(card) => void paySandbox(card)} />
        )}
        {failureNote}
        <p className="flex items-start gap-2 text-xs text-slate-600">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden />
          <span>
            Your plan starts once the payment provider confirms the payment. Fees are non-refundable except where law requires. See the{' '}
            <Link href="/terms-of-service" className="text-blue-700 underline">
              Terms of Service
            </Link>
            .
          </span>
        </p>
      </Card>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <div className="grid gap-4 md:grid-cols-2 md:items-start">
        <OfferCard plan={plan} />
        <div className="space-y-4">{action}</div>
      </div>
    </div>
  );
}

export const ProCheckoutPage = () => <CheckoutPage plan="pro" />;
export const BasicCheckoutPage = () => <CheckoutPage plan="basic" />;
export const ProPromoCheckoutPage = () => <CheckoutPage plan="proPromo" />;

// The plan chooser loads with the checkout pages (app/routes.tsx): one chunk for the whole way to paying.
export { UpgradePage } from './upgrade-page';
