import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillingState } from '../../../../shared/schemas/billing';
import { billingKey } from '../../../lib/api/billing';
import { PaymentRequiredDialog } from './payment-required-dialog';
import { UpgradeScreen } from './upgrade-screen';

/** Issue #14, #25: every upgrade button of the chat leads to the one plan chooser, /upgrade, which leads to the checkouts. */
function renderWithRouter(ui: ReactNode, billing?: BillingState) {
  const memory = memoryLocation({ path: '/chat', record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  if (billing) client.setQueryData(billingKey, billing);
  render(
    <QueryClientProvider client={client}>
      <Router hook={memory.hook}>{ui}</Router>
    </QueryClientProvider>,
  );
  return memory;
}

afterEach(cleanup);

const freeUser = (over: Partial<BillingState> = {}): BillingState => ({
  plan: 'free',
  provider: 'sandbox',
  subscription: null,
  proUntil: null,
  basicUntil: null,
  promoAvailable: true,
  ended: null,
  trialEndsAt: null,
  notice: null,
  ...over,
});

describe("the chat's upgrade paths", () => {
  it('the upgrade screen names the plans and leads to the chooser, never straight to a checkout', () => {
    renderWithRouter(<UpgradeScreen daysUntilReset={3} />);
    expect(screen.getByRole('heading', { name: 'Upgrade to Continue' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose your plan' }).getAttribute('href')).toBe('/upgrade');
    expect(screen.queryAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/checkout'))).toEqual([]);
  });

  it('shows the launch special only while the server says this account may still use it', () => {
    renderWithRouter(<UpgradeScreen daysUntilReset={3} />, freeUser());
    expect(screen.getByRole('heading', { name: 'Pro Launch Special' })).toBeTruthy();
    cleanup();
    renderWithRouter(<UpgradeScreen daysUntilReset={3} />, freeUser({ promoAvailable: false }));
    expect(screen.queryByRole('heading', { name: 'Pro Launch Special' })).toBeNull();
    expect(screen.queryByText(/\$2\.99/)).toBeNull();
    // What this user can buy instead: Pro at its price, and Basic.
    expect(screen.getByRole('heading', { name: 'Pro' })).toBeTruthy();
    expect(screen.getByText('$4.99/month')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Basic Access' })).toBeTruthy();
  });

  it("the payment-required dialog's Purchase Now opens the plan chooser", () => {
    const memory = renderWithRouter(<PaymentRequiredDialog open onOpenChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Purchase Now' }));
    expect(memory.history.at(-1)).toBe('/upgrade');
  });
});
