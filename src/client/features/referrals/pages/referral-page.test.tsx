import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReferralState } from '#shared/schemas/billing';
import { toast } from '../../../lib/toast-store';
import { ReferralPage } from './referral-page';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';

vi.mock('../../../lib/toast-store', () => ({ toast: vi.fn(() => 1), dismissToast: vi.fn() }));

const fetchMock = stubFetch();

const LINK = 'https://app.example/auth?ref=CASEY123';
const referral = (over: Partial<ReferralState> = {}): ReferralState => ({
  code: 'CASEY123',
  link: LINK,
  freeProMonthsRemaining: 0,
  valuePerReferralCents: 499,
  signedUp: 2,
  credited: 1,
  notEligible: { sameDeviceOrNetwork: 0, sameCard: 0 },
  proUntil: null,
  ...over,
});

function renderPage(state: ReferralState, redeemed?: ReferralState) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/referral') return json(state);
    if (url === '/api/referral/redeem' && init?.method === 'POST') return redeemed ? json(redeemed) : json({ message: 'You have no free Pro months to redeem.' }, 409);
    return json({ message: `unexpected ${url}` }, 500);
  });
  renderWithApp(<ReferralPage />);
}

afterEach(() => {
  vi.mocked(toast).mockClear();
});

describe('the referral page', () => {
  it('shows the months left, the value per referral from the server, how it works and the terms', async () => {
    renderPage(referral({ freeProMonthsRemaining: 2 }));
    expect((await screen.findByTestId('referral-months')).textContent).toBe('2');
    expect(screen.getByTestId('referral-value').textContent).toBe('$4.99');
    expect(screen.getByText('2 friends signed up through your link; 1 month earned.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(6);
    expect(screen.getByText('Referring yourself, or a second account of yours, earns nothing.')).toBeTruthy();
    expect(screen.getByText(/network address you have used in the last 30 days/)).toBeTruthy();
    expect((screen.getByLabelText('Share this link') as HTMLInputElement).value).toBe(LINK);
    expect(screen.queryByTestId('referral-not-eligible-device')).toBeNull();
    expect(screen.queryByTestId('referral-not-eligible-card')).toBeNull();
  });

  it('completes a path-only link (no PUBLIC_URL on the server) with the page’s own origin', async () => {
    renderPage(referral({ link: '/auth?ref=CASEY123' }));
    const input = (await screen.findByLabelText('Share this link')) as HTMLInputElement;
    expect(input.value).toBe(`${window.location.origin}/auth?ref=CASEY123`);
  });

  it('says which referrals earn nothing and why, instead of leaving them out', async () => {
    renderPage(referral({ signedUp: 4, credited: 1, notEligible: { sameDeviceOrNetwork: 2, sameCard: 1 } }));
    expect((await screen.findByTestId('referral-not-eligible-device')).textContent).toBe('2 sign-ups are not eligible: same device or network as you.');
    expect(screen.getByTestId('referral-not-eligible-card').textContent).toBe(
      '1 payment is not eligible: made with a card already used by you or another of your referrals.',
    );
  });

  it("copies the link to the clipboard with a 'Link copied' toast", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share: undefined });
    renderPage(referral());
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Link copied' })));
    expect(writeText).toHaveBeenCalledWith(LINK);
  });

  it('offers Share only where the browser has the Web Share API', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    renderPage(referral());
    await screen.findByRole('button', { name: 'Copy' });
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    cleanup();

    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share });
    renderPage(referral());
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK })));
  });

  it('keeps Redeem disabled with no month left', async () => {
    renderPage(referral({ freeProMonthsRemaining: 0 }));
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Redeem a free month' })).disabled).toBe(true);
  });

  it('redeems a month and shows the new Pro end date', async () => {
    renderPage(referral({ freeProMonthsRemaining: 1 }), referral({ freeProMonthsRemaining: 0, proUntil: '2026-12-23T12:00:00.000Z' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem a free month' }));
    expect((await screen.findByTestId('referral-pro-until')).textContent).toBe('Pro from your free months runs until December 23, 2026.');
    expect(screen.getByTestId('referral-months').textContent).toBe('0');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Free month redeemed', description: 'You have Pro until December 23, 2026.' }));
  });
});
