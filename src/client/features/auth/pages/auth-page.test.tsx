import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'wouter';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/make-user';
import { safeReturnPath } from '../../../lib/return-path';

const returnPathFrom = (search: string) => safeReturnPath(new URLSearchParams(search).get('next'));
import { AuthPage } from './auth-page';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';

vi.mock('../../../lib/toast-store', () => ({ toast: vi.fn(() => 1), dismissToast: vi.fn() }));

const fetchMock = stubFetch();
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function renderAuth(path: string, initialMode: 'signin' | 'signup' = 'signin') {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/session') return json({ user: null });
    if (url === '/api/auth/signin') return json(makeUser({ onboardingCompleted: true }));
    if (url === '/api/auth/signup') return json(makeUser());
    return json({ message: `unexpected ${url}` }, 500);
  });
  const [pathname] = path.split('?');
  return renderWithApp(
    // The page leaves the screen once it navigates away, as in the app's router.
    <Route path={pathname ?? '/auth'}>
      <AuthPage initialMode={initialMode} />
    </Route>,
    { path },
  ).memory;
}


describe('coming back after signing in', () => {
  it('accepts only a path of this app, never another site', () => {
    expect(returnPathFrom('next=%2Fcheckout-pro-promo')).toBe('/checkout-pro-promo');
    expect(returnPathFrom('next=%2F%2Fevil.example')).toBeNull();
    expect(returnPathFrom('next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathFrom('next=%2F%5Cevil.example')).toBeNull();
    expect(returnPathFrom('')).toBeNull();
  });

  it('signs in and returns to the checkout the visitor was sent from', async () => {
    const memory = renderAuth('/auth?next=%2Fcheckout');
    type('Email or username', 'casey');
    type('Password', 'Closing-Time-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(memory.history).toEqual(['/checkout']));
  });
});

describe('a referral link', () => {
  it('opens on Create Account and sends the code with the sign-up', async () => {
    renderAuth('/auth?ref=CASEY123');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeTruthy();
    type('Username', 'jordan');
    type('Email', 'jordan@example.com');
    type('Password', 'Closing-Time-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/signup', expect.anything()));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/signup');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ username: 'jordan', email: 'jordan@example.com', password: 'Closing-Time-2026', ref: 'CASEY123' });
  });

  it('keeps the code when the visitor toggles to Sign In and back', async () => {
    const memory = renderAuth('/signup?ref=CASEY123', 'signup');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/signup?ref=CASEY123&mode=signin'));
  });
});

describe('a refused sign-in (issue #25)', () => {
  it('says why above Sign In, read with the button, until the card is toggled', async () => {
    renderAuth('/auth');
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/auth/signin' ? json({ message: 'Invalid email/username or password' }, 401) : json({ user: null }),
    );
    type('Email or username', 'casey');
    type('Password', 'Closing-Time-2026');
    const button = screen.getByRole('button', { name: 'Sign In' });
    fireEvent.click(button);
    const alert = await screen.findByText('Invalid email/username or password');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(button.getAttribute('aria-describedby')).toBe(alert.id);
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.queryByText('Invalid email/username or password')).toBeNull());
  });
});
