import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentRequiredDialog } from './payment-required-dialog';
import { UpgradeScreen } from './upgrade-screen';

/** Issue #14: every upgrade button of the chat leads to a real checkout page (app/routes.tsx). */
function renderWithRouter(ui: ReactNode) {
  const memory = memoryLocation({ path: '/chat', record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={memory.hook}>{ui}</Router>
    </QueryClientProvider>,
  );
  return memory;
}

afterEach(cleanup);

describe("the chat's upgrade paths", () => {
  it('the upgrade screen offers the launch special and Basic, each at its checkout', () => {
    renderWithRouter(<UpgradeScreen daysUntilReset={3} />);
    expect(screen.getByRole('heading', { name: 'Upgrade to Continue' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Pro Launch Special' }).getAttribute('href')).toBe('/checkout-pro-promo');
    expect(screen.getByRole('link', { name: 'Get Basic Access' }).getAttribute('href')).toBe('/checkout-basic');
  });

  it("the payment-required dialog's Purchase Now opens the Pro checkout, and its Basic button the Basic one", () => {
    const memory = renderWithRouter(<PaymentRequiredDialog open onOpenChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Purchase Now' }));
    expect(memory.history.at(-1)).toBe('/checkout');
    fireEvent.click(screen.getByRole('button', { name: /^Just the coaching/ }));
    expect(memory.history.at(-1)).toBe('/checkout-basic');
  });
});
