import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildPlanCatalogue, type PlanCatalogue } from '#shared/plans';
import type { BillingState } from '#shared/schemas/billing';
import { billingKey } from '../../../lib/api/billing';
import { plansQuery } from '../../../lib/api/plans';
import { stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { UpgradePage } from './upgrade-page';

/*
 * Issue #25: the one plan chooser every upgrade link leads to. The served catalogue and the
 * billing state are put in the cache, as GET /api/plans and GET /api/billing would answer.
 */
const FREE: BillingState = { plan: 'free', provider: 'sandbox', subscription: null, proUntil: null, basicUntil: null, promoAvailable: true, ended: null, trialEndsAt: null, notice: null };
const PERIOD_END = '2026-12-23T12:00:00.000Z';
const basicRunning: BillingState = {
  ...FREE,
  plan: 'basic',
  basicUntil: PERIOD_END,
  subscription: { id: 'sub_1', tier: 'basic', promo: false, promoPriceActive: false, status: 'active', renewalPriceCents: 99, currentPeriodEnd: PERIOD_END, cancelAtPeriodEnd: false, graceEndsAt: null },
};

/** A catalogue whose prices are not the defaults: the chooser must show these, not numbers of its own. */
function servedCatalogue(): PlanCatalogue {
  const plans = buildPlanCatalogue(0);
  return {
    ...plans,
    basic: { ...plans.basic, priceCents: 149 },
    pro: { ...plans.pro, priceCents: 799 },
    proPromo: { ...plans.proPromo, priceCents: 199, thenPriceCents: 799 },
  };
}

function renderChooser(billing: BillingState, plans: PlanCatalogue = servedCatalogue()) {
  renderWithApp(<UpgradePage />, { path: '/upgrade', data: [[plansQuery.queryKey, plans], [billingKey, billing]] });
}

const offerPlans = () => screen.getAllByTestId(/^offer-(proPromo|pro|basic)$/).map((card) => card.dataset['testid']);

// Nothing is answered: the chooser reads the catalogue and the billing state from the cache.
const fetchMock = stubFetch();
beforeEach(() => {
  fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
});

describe('the plan chooser', () => {
  it('offers the launch special first while it is available, then Pro and Basic, each at its checkout with the catalogue price', () => {
    renderChooser(FREE);
    expect(screen.getByRole('heading', { name: 'Choose your plan' })).toBeTruthy();
    expect(offerPlans()).toEqual(['offer-proPromo', 'offer-pro', 'offer-basic']);
    expect(screen.getByTestId('offer-price-proPromo').textContent).toBe('$1.99 first month, then $7.99/month');
    expect(screen.getByTestId('offer-price-pro').textContent).toBe('$7.99/month');
    expect(screen.getByTestId('offer-price-basic').textContent).toBe('$1.49/month');
    expect(screen.getByRole('link', { name: 'Get Pro Launch Special' }).getAttribute('href')).toBe('/checkout-pro-promo');
    expect(screen.getByRole('link', { name: 'Get Pro' }).getAttribute('href')).toBe('/checkout');
    expect(screen.getByRole('link', { name: 'Get Basic Access' }).getAttribute('href')).toBe('/checkout-basic');
    // What each includes, from the catalogue.
    const basic = within(screen.getByTestId('offer-basic'));
    for (const feature of servedCatalogue().basic.features) expect(basic.getByText(feature)).toBeTruthy();
    expect(screen.getByText('You are on Free: 1 coaching chat per 7 days.')).toBeTruthy();
  });

  it('no longer shows the launch special once it has been used', () => {
    renderChooser({ ...FREE, promoAvailable: false });
    expect(offerPlans()).toEqual(['offer-pro', 'offer-basic']);
    expect(screen.queryByText(/Launch Special/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Get Pro Launch Special' })).toBeNull();
  });

  it('tells a Basic subscriber what moving to Pro does to their Basic, and marks Basic as their plan', () => {
    renderChooser(basicRunning);
    const pro = within(screen.getByTestId('offer-pro'));
    expect(pro.getByText(/^Pro starts today and is charged today\. Your Basic Access then does not renew: it ends on December 23, 2026, and the \$0\.99 you paid for it is not refunded/)).toBeTruthy();
    const basic = within(screen.getByTestId('offer-basic'));
    expect(basic.getByText('Your current plan')).toBeTruthy();
    expect(basic.getByText('Renews on December 23, 2026.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Get Basic Access' })).toBeNull();
    expect(screen.getByText('You have Basic Access.')).toBeTruthy();
  });

  it('sells nothing to someone whose Pro subscription runs', () => {
    renderChooser({
      ...FREE,
      plan: 'pro',
      promoAvailable: false,
      proUntil: PERIOD_END,
      subscription: { id: 'sub_2', tier: 'pro', promo: true, promoPriceActive: true, status: 'active', renewalPriceCents: 799, currentPeriodEnd: PERIOD_END, cancelAtPeriodEnd: false, graceEndsAt: null },
    });
    expect(screen.getByRole('heading', { name: 'You already have Pro' })).toBeTruthy();
    expect(screen.queryByTestId(/^offer-/)).toBeNull();
  });
});
