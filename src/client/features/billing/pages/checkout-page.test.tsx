import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plans } from '#shared/plans';
import type { BillingState, CheckoutPlan, CreateSubscriptionResult } from '#shared/schemas/billing';
import { billingKey } from '../../../lib/api/billing';
import { chatStatusKey } from '../../../lib/api/chat-status';
import { currentUserKey } from '../../../lib/api/current-user';
import { toast } from '../../../lib/toast-store';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { CheckoutPage } from './checkout-page';

vi.mock('../../../lib/toast-store', () => ({ toast: vi.fn(() => 1), dismissToast: vi.fn() }));

/** Stands in for Stripe.js and its Payment Element (no network here): records its props and pays on click. */
const stripeProps = vi.fn();
vi.mock('../components/stripe-payment-form', () => ({
  StripePaymentForm: (props: { publishableKey: string; clientSecret: string; payLabel: string; onPaid: (id: string) => void; onRefused: (message: string) => void }) => {
    stripeProps({ publishableKey: props.publishableKey, clientSecret: props.clientSecret, payLabel: props.payLabel });
    return (
      <div>
        <button type="button" onClick={() => props.onPaid('pi_stripe_1')}>
          Stripe pays
        </button>
        <button type="button" onClick={() => props.onRefused('Your card has insufficient funds.')}>
          Stripe refuses
        </button>
      </div>
    );
  },
}));

const FREE: BillingState = { plan: 'free', provider: 'sandbox', subscription: null, proUntil: null, basicUntil: null, promoAvailable: true, ended: null, trialEndsAt: null, notice: null };
const PERIOD_END = '2026-12-23T12:00:00.000Z';
const subscribed = (tier: 'basic' | 'pro'): BillingState => ({
  ...FREE,
  plan: tier,
  subscription: { id: 'sub_1', tier, promo: false, promoPriceActive: false, status: 'active', renewalPriceCents: tier === 'pro' ? 499 : 99, currentPeriodEnd: PERIOD_END, cancelAtPeriodEnd: false, graceEndsAt: null },
  [tier === 'pro' ? 'proUntil' : 'basicUntil']: PERIOD_END,
});

interface Server {
  billing?: BillingState;
  provider?: 'sandbox' | 'stripe';
  create?: () => Response;
  confirm?: () => Response;
  success?: () => Response;
}

const fetchMock = stubFetch();
/** The JSON bodies sent to `url`, in order. */
const sent = (url: string) => fetchMock.mock.calls.filter(([u]) => String(u) === url).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function renderCheckout(plan: CheckoutPlan, server: Server = {}) {
  const stripe = server.provider === 'stripe';
  const created: CreateSubscriptionResult = { provider: stripe ? 'stripe' : 'sandbox', publishableKey: stripe ? 'pk_test_123' : null, subscriptionId: 'sub_1', clientSecret: 'pi_1_secret_x', plan, amountCents: plan === 'basic' ? 99 : plan === 'pro' ? 499 : 299 };
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/plans') return json(plans);
    if (url === '/api/billing') return json(server.billing ?? FREE);
    if (url.startsWith('/api/create-')) return server.create?.() ?? json(created);
    if (url === '/api/sandbox/confirm-payment') return server.confirm?.() ?? json({ status: 'succeeded', paymentIntentId: 'pi_1' });
    if (url === '/api/payment-success') return server.success?.() ?? json(subscribed(plan === 'basic' ? 'basic' : 'pro'));
    return json({ message: `unexpected ${url}` }, 500);
  });
  const { memory, client } = renderWithApp(<CheckoutPage plan={plan} />, { path: '/checkout' });
  // Nothing is invalidated while the page first renders: only a payment does.
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  return { memory, client, invalidated };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
async function fillCard(number = '4242 4242 4242 4242') {
  fireEvent.click(await screen.findByRole('button', { name: 'Pay with Card' }));
  await screen.findByLabelText('Card number');
  type('Card number', number);
  type('Expiry (MM/YY)', '12/40');
  type('CVC', '123');
}

afterEach(() => {
  vi.mocked(toast).mockClear();
});

describe('the offer', () => {
  it('shows each plan at the catalogue price, with its features', async () => {
    renderCheckout('basic');
    expect(screen.getByRole('heading', { name: 'Basic Access' })).toBeTruthy();
    expect(screen.getByTestId('checkout-price').textContent).toBe('$0.99/month');
    for (const feature of plans.basic.features) expect(screen.getByText(feature)).toBeTruthy();
    cleanup();
    renderCheckout('proPromo');
    expect(screen.getByTestId('checkout-price').textContent).toBe('$2.99 first month, then $4.99/month');
    expect(screen.getByText(/Once per account/)).toBeTruthy();
  });

  it('tells a user who used the promo so, and offers regular Pro instead of a payment', async () => {
    renderCheckout('proPromo', { billing: { ...FREE, promoAvailable: false } });
    expect(await screen.findByRole('heading', { name: 'You have already used the launch special' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Pro for $4.99/month' }).getAttribute('href')).toBe('/checkout');
    expect(screen.queryByRole('button', { name: 'Pay with Card' })).toBeNull();
  });

  it('tells a Basic subscriber on the Pro checkout what happens to their Basic, before they pay', async () => {
    renderCheckout('pro', { billing: subscribed('basic') });
    expect((await screen.findByTestId('replaces-basic')).textContent).toBe(
      'Pro starts today and is charged today. Your Basic Access then does not renew: it ends on December 23, 2026, and the $0.99 you paid for it is not refunded or credited.',
    );
  });

  it('does not sell Pro to someone whose Pro subscription runs', async () => {
    renderCheckout('pro', { billing: subscribed('pro') });
    expect(await screen.findByRole('heading', { name: 'You already have Pro' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay with Card' })).toBeNull();
  });
});

describe('the payment', () => {
  it('Basic: creates one subscription for the visit, pays with the card, then opens the chat with the new plan', async () => {
    const { memory, invalidated } = renderCheckout('basic');
    await fillCard();
    expect(screen.getByTestId('checkout-charge').textContent).toBe('You pay $0.99 today.');
    const pay = screen.getByRole('button', { name: 'Subscribe to Basic Access - $0.99/month' });
    // A double click pays once.
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(await screen.findByRole('button', { name: 'Processing…' })).toBeTruthy();
    await waitFor(() => expect(memory.history.at(-1)).toBe('/chat'));

    const [create] = sent('/api/create-basic-subscription') as [{ attemptId: string }];
    expect(create.attemptId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent('/api/sandbox/confirm-payment')).toEqual([{ clientSecret: 'pi_1_secret_x', card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } }]);
    expect(sent('/api/payment-success')).toEqual([{ subscriptionId: 'sub_1', paymentIntentId: 'pi_1' }]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Welcome to Basic Access!' }));
    // The app shows the new plan at once: the user, the chat allowance and the referral answers are read again.
    const keys = invalidated.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([currentUserKey, chatStatusKey]));
  });

  it("Pro via the promo: 'Welcome to Pro!' and the training page", async () => {
    const { memory, client } = renderCheckout('proPromo');
    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro - $2.99 first month' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/training'));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Welcome to Pro!' }));
    expect(sent('/api/create-pro-promo-subscription')).toHaveLength(1);
    expect(client.getQueryData<BillingState>(billingKey)?.plan).toBe('pro');
  });

  /** The refusal shown on the page, by the payment button (issue #25: not in a toast that goes away). */
  const expectFailureShown = async (title: string, description: string) => {
    const note = await screen.findByTestId('checkout-failure');
    expect(note.getAttribute('role')).toBe('alert');
    expect(note.textContent).toBe(`${title}${description}`);
  };

  it("a refused card: the provider's message under the card number, nothing reported, the form stays to try again", async () => {
    const { memory } = renderCheckout('basic', { confirm: () => json({ message: 'Your card was declined.', code: 'card_declined' }, 402) });
    await fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Basic Access - $0.99/month' }));
    const number = screen.getByLabelText('Card number');
    await waitFor(() => expect(document.getElementById(number.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Your card was declined.'));
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(toast).not.toHaveBeenCalled();
    expect(sent('/api/payment-success')).toEqual([]);
    expect(memory.history).toEqual(['/checkout']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Subscribe to Basic Access - $0.99/month' }).disabled).toBe(false);
  });

  it("an exception while paying: 'Payment Error'", async () => {
    renderCheckout('pro', { success: () => json({ message: 'Something went wrong on our side.' }, 500) });
    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro - $4.99/month' }));
    expect((await screen.findByTestId('checkout-failure')).textContent).toMatch(/^Payment Error/);
  });

  it("a subscription that cannot start: 'Failed to initialize payment', or the server's reason when it gives one", async () => {
    renderCheckout('basic', { create: () => json({ message: 'Something went wrong on our side.' }, 500) });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with Card' }));
    await expectFailureShown('Error', 'Failed to initialize payment');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    cleanup();

    renderCheckout('proPromo', { create: () => json({ message: 'You have already used the launch special.' }, 409) });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with Card' }));
    await expectFailureShown('Error', 'You have already used the launch special.');
  });

  it("the payment provider not reachable (503): the server's words, which say nothing was charged", async () => {
    const unreachable = 'Payments are not reachable right now. Nothing was charged. Please try again in a minute.';
    renderCheckout('pro', { create: () => json({ message: unreachable }, 503) });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with Card' }));
    await expectFailureShown('Error', unreachable);
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('Stripe paid in the browser but the server cannot check it yet (503): says so, not "something went wrong"', async () => {
    const unchecked = 'Payments are not reachable right now, so your payment could not be checked yet. If you paid, your plan updates as soon as the payment provider confirms it. Please try again in a minute.';
    renderCheckout('pro', { provider: 'stripe', billing: { ...FREE, provider: 'stripe' }, success: () => json({ message: unchecked }, 503) });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with Card' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stripe pays' }));
    await expectFailureShown('Payment Error', unchecked);
  });

  it('Apple Pay: says it is in the mobile app and falls back to the card form', async () => {
    renderCheckout('basic');
    fireEvent.click(await screen.findByRole('button', { name: 'Apple Pay' }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Apple Pay is available in the mobile app' }));
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(sent('/api/create-basic-subscription')).toHaveLength(1);
  });

  it('Google Pay in the sandbox: says the test checkout has none and opens the test card form', async () => {
    renderCheckout('basic');
    fireEvent.click(await screen.findByRole('button', { name: 'Google Pay' }));
    expect((await screen.findByTestId('wallet-notice')).textContent).toBe('Google Pay is not available in this test checkout. Pay with a test card.');
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
  });

  it('Google Pay with Stripe: opens the Payment Element, where Stripe shows Google Pay if the browser offers it', async () => {
    renderCheckout('pro', { provider: 'stripe', billing: { ...FREE, provider: 'stripe' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Google Pay' }));
    expect((await screen.findByTestId('wallet-notice')).textContent).toMatch(/^Google Pay shows in the payment form below when your browser offers it/);
    expect(await screen.findByRole('button', { name: 'Stripe pays' })).toBeTruthy();
  });

  it('Stripe: mounts the Payment Element with the key and secret, and reports the confirmed payment', async () => {
    const { memory } = renderCheckout('pro', { provider: 'stripe', billing: { ...FREE, provider: 'stripe' } });
    expect(await screen.findByText(/Google Pay and Apple Pay show in the card form/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with Card' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stripe refuses' }));
    await expectFailureShown('Payment Failed', 'Your card has insufficient funds.');
    expect(screen.queryByTestId('sandbox-hint')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stripe pays' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/training'));
    expect(stripeProps).toHaveBeenCalledWith({ publishableKey: 'pk_test_123', clientSecret: 'pi_1_secret_x', payLabel: 'Subscribe to Pro - $4.99/month' });
    expect(sent('/api/payment-success')).toEqual([{ subscriptionId: 'sub_1', paymentIntentId: 'pi_stripe_1' }]);
    expect(sent('/api/sandbox/confirm-payment')).toEqual([]);
  });
});
