import { useMemo, useState, type FormEvent } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { CreditCard } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/*
 * The Stripe provider's payment form: Stripe.js and its Payment Element (cards, and Apple Pay /
 * Google Pay where the browser offers them). This module is its own chunk, imported only by a
 * checkout page whose provider is Stripe, so no other page (and no sandbox checkout) downloads
 * or runs Stripe.js.
 */

/** One Stripe.js per key for the page's life: loadStripe injects the script, which must happen once. */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

export interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  payLabel: string;
  /** The parent is still reporting the payment to the server: Pay stays disabled. */
  busy: boolean;
  onPaid: (paymentIntentId: string) => void;
  /** The card (or wallet) was refused, with Stripe's message for the user. */
  onRefused: (message: string) => void;
  /** Anything else went wrong (Stripe.js did not load, the network dropped). */
  onException: () => void;
}

function PayButton({ payLabel, busy, onPaid, onRefused, onException }: Omit<StripePaymentFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const pending = paying || busy;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || pending) return;
    setPaying(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        // Only a redirect-based method (a bank's page) leaves the app; the webhook then applies the payment.
        confirmParams: { return_url: `${window.location.origin}/chat` },
        redirect: 'if_required',
      });
      if (error) {
        // Card and validation errors carry a message written for the user; others do not.
        if (error.type === 'card_error' || error.type === 'validation_error') onRefused(error.message ?? 'Your payment was not accepted.');
        else onException();
        return;
      }
      onPaid(paymentIntent.id);
    } catch {
      onException();
    } finally {
      setPaying(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="Payment details">
      <PaymentElement options={{ layout: 'tabs' }} />
      <Button type="submit" size="lg" className="h-auto min-h-12 w-full py-2 text-base" disabled={!stripe || !elements || pending}>
        <CreditCard className="h-5 w-5" aria-hidden />
        {pending ? 'Processing…' : payLabel}
      </Button>
    </form>
  );
}

export function StripePaymentForm({ publishableKey, clientSecret, ...rest }: StripePaymentFormProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <PayButton {...rest} />
    </Elements>
  );
}
