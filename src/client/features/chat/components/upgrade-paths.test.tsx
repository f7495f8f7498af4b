import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BillingState } from '#shared/schemas/billing';
import { billingKey } from '../../../lib/api/billing';
import { stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { PaymentRequiredDialog } from './payment-required-dialog';
import { UpgradeScreen } from './upgrade-screen';

/** Issue #14, #25: every upgrade button of the chat leads to the one plan chooser, /upgrade, which leads to the checkouts. */
// Nothing is answered: what the screens show comes from the cache, as the chat page left it.
const fetchMock = stubFetch();
beforeEach(() => {
  fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
});

function renderWithRouter(ui: ReactElement, billing?: BillingState) {
  return renderWithApp(ui, { path: '/chat', data: billing ? [[billingKey, billing]] : [] }).memory;
}


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
