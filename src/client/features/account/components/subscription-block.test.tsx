import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingState, SubscriptionView } from '#shared/schemas/billing';
import { billingKey } from '../../../lib/api/billing';
import { toast } from '../../../lib/toast-store';
import { SubscriptionBlock } from './subscription-block';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';

vi.mock('../../../lib/toast-store', () => ({ toast: vi.fn(() => 1), dismissToast: vi.fn() }));

const fetchMock = stubFetch();

const END = '2026-12-23T12:00:00.000Z';
const sub = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: 'sub_1',
  tier: 'pro',
  promo: false,
  promoPriceActive: false,
  status: 'active',
  renewalPriceCents: 499,
  currentPeriodEnd: END,
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
  ...over,
});
const state = (over: Partial<BillingState> = {}): BillingState => ({
  plan: 'pro',
  provider: 'sandbox',
  subscription: sub(),
  proUntil: END,
  basicUntil: null,
  promoAvailable: true,
  ended: null,
  trialEndsAt: null,
  notice: null,
  ...over,
});

/** Renders the block with `initial` as GET /api/billing's answer; cancel and resume answer `after`. */
function renderBlock(initial: BillingState, after?: BillingState) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/billing') return json(initial);
    if ((url === '/api/billing/cancel' || url === '/api/billing/resume') && init?.method === 'POST') return json(after ?? initial);
    if (url === '/api/plans') return json({ message: 'not needed' }, 500);
    return json({ message: 'Something went wrong on our side.' }, 500);
  });
  return renderWithApp(<SubscriptionBlock />).client;
}

afterEach(() => {
  vi.mocked(toast).mockClear();
});

describe('the account page subscription block', () => {
  it('shows the launch special badge only while the launch price applies', async () => {
    renderBlock(state({ subscription: sub({ promo: true, promoPriceActive: true }) }));
    expect(await screen.findByText('Launch special')).toBeTruthy();
    expect(screen.queryByTestId('plan-price')).toBeNull();
    // The launch month's renewal is at the full price: said once, beside the renewal date.
    expect(screen.getByTestId('subscription-block').textContent?.match(/\$4\.99\/month/g)).toHaveLength(1);
    expect(screen.getByText(/at \$4\.99\/month/)).toBeTruthy();
    cleanup();
    renderBlock(state({ subscription: sub({ promo: true, promoPriceActive: false }) }));
    expect(await screen.findByRole('heading', { name: 'Your plan: Pro — $4.99/month' })).toBeTruthy();
    expect(screen.queryByText('Launch special')).toBeNull();
  });

  it('says which plan ended and when, with the way to renew', async () => {
    renderBlock(state({ plan: 'free', proUntil: null, subscription: sub({ tier: 'basic', status: 'canceled', renewalPriceCents: 99 }), ended: { tier: 'basic', endedAt: END } }));
    expect((await screen.findByTestId('plan-ended')).textContent).toBe('Your Basic Access plan ended on December 23, 2026.');
    expect(screen.getByRole('link', { name: 'Renew or choose a plan' }).getAttribute('href')).toBe('/upgrade');
  });

  it('inside a trial that outlasts the ended plan, says both in one line', async () => {
    renderBlock(
      state({ plan: 'trial', proUntil: null, subscription: sub({ tier: 'basic', status: 'canceled', renewalPriceCents: 99 }), ended: { tier: 'basic', endedAt: END }, trialEndsAt: '2027-01-20T12:00:00.000Z' }),
    );
    expect((await screen.findByTestId('subscription-block')).textContent).toContain(
      'Your plan: Free Trial until January 20, 2027Your Basic Access plan ended on December 23, 2026.',
    );
    expect(screen.getByTestId('plan-ended').textContent).toBe('Your Basic Access plan ended on December 23, 2026.');
  });

  it('shows the plan, the renewal date and price, and the terms that apply', async () => {
    renderBlock(state({ plan: 'basic', proUntil: null, basicUntil: END, subscription: sub({ tier: 'basic', renewalPriceCents: 99 }) }));
    expect(await screen.findByRole('heading', { name: 'Your plan: Basic Access — $0.99/month' })).toBeTruthy();
    expect(screen.getByTestId('subscription-block').textContent?.match(/\$0\.99\/month/g)).toHaveLength(1);
    cleanup();
    renderBlock(state());
    expect(await screen.findByRole('heading', { name: 'Your plan: Pro — $4.99/month' })).toBeTruthy();
    expect(screen.getByTestId('subscription-date').textContent).toBe('Renews on December 23, 2026');
    // The price is said once, in the heading (issue #25): not again beside the renewal date.
    expect(screen.getByTestId('subscription-block').textContent?.match(/\$4\.99\/month/g)).toHaveLength(1);
    expect(screen.getByTestId('billing-terms').textContent).toBe(
      "Billed monthly in advance. Prices change only with 30 days' notice. Fees are non-refundable except where law requires.",
    );
  });

  it('cancels after a confirmation that says access continues to the period end, then shows the end date', async () => {
    const client = renderBlock(state(), state({ subscription: sub({ cancelAtPeriodEnd: true }) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog.textContent).toContain('You keep Pro until December 23, 2026, the end of the period you paid for.');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/billing/cancel', expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(screen.getByTestId('subscription-date').textContent).toBe('Access ends on December 23, 2026'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(client.getQueryData<BillingState>(billingKey)?.subscription?.cancelAtPeriodEnd).toBe(true);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Subscription cancelled' }));
  });

  it('keeps the subscription when the dialog is dismissed', async () => {
    renderBlock(state());
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/billing/cancel', expect.anything());
  });

  it('resumes a cancelled subscription, which renews again', async () => {
    renderBlock(state({ subscription: sub({ cancelAtPeriodEnd: true }) }), state());
    expect((await screen.findByTestId('subscription-date')).textContent).toBe('Access ends on December 23, 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    await waitFor(() => expect(screen.getByTestId('subscription-date').textContent).toBe('Renews on December 23, 2026'));
    expect(fetchMock).toHaveBeenCalledWith('/api/billing/resume', expect.objectContaining({ method: 'POST' }));
  });

  it('tells the user a renewal failed and until when access continues', async () => {
    renderBlock(state({ notice: 'renewal_failed', subscription: sub({ status: 'past_due', graceEndsAt: '2026-12-30T12:00:00.000Z' }) }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your renewal payment failed.');
    expect(alert.textContent).toContain('Your access continues until December 30, 2026');
    expect(screen.getByTestId('subscription-date').textContent).toBe('Access ends on December 30, 2026 unless the renewal is paid');
  });

  it('shows Pro from referral months with its end date, and nothing for a free user', async () => {
    renderBlock(state({ subscription: null, proUntil: END }));
    expect((await screen.findByTestId('subscription-date')).textContent).toBe('Access ends on December 23, 2026');
    cleanup();
    renderBlock(state({ plan: 'free', subscription: null, proUntil: null }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/billing', expect.anything()));
    expect(screen.queryByTestId('subscription-block')).toBeNull();
    // An ended subscription no longer shows either.
    cleanup();
    renderBlock(state({ plan: 'free', subscription: sub({ status: 'canceled', cancelAtPeriodEnd: true }), proUntil: null }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/billing', expect.anything()));
    expect(screen.queryByTestId('subscription-block')).toBeNull();
  });
});
