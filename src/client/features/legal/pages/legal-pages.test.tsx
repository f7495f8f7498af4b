// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { TermsOfServicePage } from './terms-of-service-page';

const fetchMock = stubFetch();

function headingTitles(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((h) => (h.textContent ?? '').replace(/^\d+\.\s*/, ''));
}

beforeEach(() => {
  // The API is unreachable, so usePlans/usePublicConfig fall back to their built-in defaults.
  fetchMock.mockRejectedValue(new Error('offline'));
});

describe('PrivacyPolicyPage', () => {
  it('renders the date and 12 numbered sections in order', () => {
    renderWithApp(<PrivacyPolicyPage />);
    // The header bar's title is the page's H1 (app layout); the page adds no second one.
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByText('Last updated: November 27, 2026')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(12);
    expect(headingTitles()).toEqual([
      'Information We Collect',
      'How We Use Your Information',
      'Information Sharing',
      'The AI Coach and AI Model Providers',
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

describe('PrivacyPolicyPage: voice (issue #27 item 4)', () => {
  it("says dictation may send audio to the browser's maker, that only text reaches us, and that typing always works", () => {
    renderWithApp(<PrivacyPolicyPage />);
    const voice = screen.getByText(/where your browser allows it, you can dictate/).closest('p');
    expect(voice?.textContent).toMatch(/may send the audio of your voice to the company that makes it .*\(for example Google, for Chrome\)/);
    expect(voice?.textContent).toMatch(/never records or stores audio and receives only the text/);
    expect(voice?.textContent).toMatch(/typing is always available/);
  });
});

describe('PrivacyPolicyPage: what goes to an AI model provider', () => {
  const withConfig = (coachModel: unknown) =>
    fetchMock.mockResolvedValue(json({ productName: 'SalesCoach', companyName: 'SalesCoach Inc.', supportEmail: 's@x.example', privacyEmail: 'p@x.example', tutorialVideoId: null, coachModel }));

  it('says nothing leaves the server with the built-in coach', async () => {
    withConfig(null);
    renderWithApp(<PrivacyPolicyPage />);
    expect(await screen.findByText(/This copy uses the built-in coach: your messages and profile are not sent/)).toBeTruthy();
  });

  it('lists every field sent to a provider, with income and location only when the operator shares them', async () => {
    withConfig({ sharesIncomeAndLocation: true });
    const { unmount } = renderWithApp(<PrivacyPolicyPage />);
    expect(await screen.findByText(/This copy uses an AI model provider/)).toBeTruthy();
    expect(screen.getByText(/your industry, the product or service you sell, your sales experience and your biggest sales struggle/)).toBeTruthy();
    expect(screen.getByText(/last month's commission or bonus, this month's target, and your city and state/)).toBeTruthy();
    unmount();

    withConfig({ sharesIncomeAndLocation: false });
    renderWithApp(<PrivacyPolicyPage />);
    expect(await screen.findByText(/This copy uses an AI model provider/)).toBeTruthy();
    expect(screen.queryByText(/this month's target, and your city and state/)).toBeNull();
    expect(screen.getByText(/never receives your username, email address, age, income figures, city, state/)).toBeTruthy();
  });
});

describe('TermsOfServicePage', () => {
  it('renders the title, date, 13 numbered sections and the acknowledgment', () => {
    renderWithApp(<TermsOfServicePage />);
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
    renderWithApp(<TermsOfServicePage />);
    expect(screen.getAllByText(/\$0\.99/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/\$4\.99/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/\$2\.99/).length).toBeGreaterThan(0);
    expect(screen.getByText(/unlimited AI coaching for 60\s+days/)).toBeTruthy();
  });

  it('keeps a space after the company name where a line of JSX ends with it', () => {
    renderWithApp(<TermsOfServicePage />);
    expect(document.body.textContent).toContain('SalesCoach Inc. and its licensors');
    expect(document.body.textContent).not.toMatch(/Inc\.[a-z]/);
  });

  it('shows the support email', () => {
    renderWithApp(<TermsOfServicePage />);
    expect(screen.getAllByText(/support@salescoach\.example/).length).toBeGreaterThan(0);
  });
});
