// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { TermsOfServicePage } from './terms-of-service-page';

function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function headingTitles(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((h) => (h.textContent ?? '').replace(/^\d+\.\s*/, ''));
}

beforeEach(() => {
  // The API is unreachable, so usePlans/usePublicConfig fall back to their built-in defaults.
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new Error('offline')));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PrivacyPolicyPage', () => {
  it('renders the date and 11 numbered sections in order', () => {
    renderWithQuery(<PrivacyPolicyPage />);
    // The header bar's title is the page's H1 (app layout); the page adds no second one.
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByText('Last updated: June 29, 2025')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(11);
    expect(headingTitles()).toEqual([
      'Information We Collect',
      'How We Use Your Information',
      'Information Sharing',
      'Data Security',
      'Your Rights',
      'Data Retention',
      'Cookies',
      "Children's Privacy",
      'International Users',
      'Changes to This Policy',
      'Contact Us',
    ]);
    expect(headings[0]?.textContent).toBe('1. Information We Collect');
    expect(screen.getAllByText(/privacy@salescoach\.example/).length).toBeGreaterThan(0);
  });
});

describe('TermsOfServicePage', () => {
  it('renders the title, date, 13 numbered sections and the acknowledgment', () => {
    renderWithQuery(<TermsOfServicePage />);
    // The header bar's title is the page's H1 (app layout); the page adds no second one.
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByText('Last updated: June 29, 2025')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(13);
    expect(headingTitles()).toEqual([
      'Acceptance of Terms',
      'Description of Service',
      'User Accounts',
      'Subscription Plans and Billing',
      'Acceptable Use',
      'Content and Intellectual Property',
      'Privacy',
      'Service Availability',
      'Disclaimers and Limitation of Liability',
      'Termination',
      'Governing Law and Disputes',
      'Changes to These Terms',
      'Contact Information',
    ]);
    expect(screen.getByText('Acknowledgment:')).toBeTruthy();
    expect(screen.getByText(/you\s+acknowledge that you have read, understood and agree/)).toBeTruthy();
  });

  it('shows the catalogue prices and the trial', () => {
    renderWithQuery(<TermsOfServicePage />);
    expect(screen.getAllByText(/\$0\.99/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/\$4\.99/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/\$2\.99/).length).toBeGreaterThan(0);
    expect(screen.getByText(/unlimited AI coaching for 60\s+days/)).toBeTruthy();
  });

  it('shows the support email', () => {
    renderWithQuery(<TermsOfServicePage />);
    expect(screen.getAllByText(/support@salescoach\.example/).length).toBeGreaterThan(0);
  });
});
