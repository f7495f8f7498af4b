import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '#shared/plans';
import type { PublicConfig } from '#shared/schemas/config';
import type { User } from '#shared/schemas/user';
import { makeUser } from '../test/make-user';
import { AppLayout } from './layout/app-layout';
import { AppRoutes } from './router';
import { APP_ROUTES } from './routes';
import { json, stubFetch } from '../test/fetch-mock';
import { renderWithApp } from '../test/render';
import { STATIC_WELCOME_ID } from '#shared/chat-welcome';

/** Not the default name, so a title that comes from the configuration can be told from a hard-coded one. */
const config: PublicConfig = {
  productName: 'DealDesk',
  companyName: 'DealDesk Ltd.',
  supportEmail: 'help@dealdesk.example',
  privacyEmail: 'privacy@dealdesk.example',
  tutorialVideoId: null,
  coachModel: null,
  freeOffer: 'Free to start: 1 AI coaching chat every 7 days, no credit card.',
};

const fetchMock = stubFetch();

/** Answers the app's requests with `user` as the session ('pending': the session read never answers). */
function serveSession(user: User | null | 'unknown' | 'pending') {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/session') {
      if (user === 'pending') return new Promise<Response>(() => {});
      return user === 'unknown' ? json({ message: 'Something went wrong on our side.' }, 500) : json({ user });
    }
    if (url === '/api/config') return json(config);
    if (url === '/api/plans') return json(plans);
    return json({ message: `unexpected ${url}` }, 500);
  });
}

/** Renders the whole shell (chrome and routes) at `path`, as `user` (null: signed out; 'unknown': the session read fails). */
function renderAppAt(path: string, user: User | null | 'unknown' | 'pending' = null) {
  serveSession(user);
  return renderWithApp(
    <AppLayout>
      <AppRoutes />
    </AppLayout>,
    { path },
  ).memory;
}

/** The shell's header bar: the first banner, ahead of <main> (the legal pages have a <header> of their own inside it). */
const header = () => screen.queryAllByRole('banner')[0] ?? null;
function headerBar(): HTMLElement {
  const found = header();
  if (!found) throw new Error('no header bar');
  return found;
}
const backLink = () => within(headerBar()).getByRole('link', { name: 'Back' });
/** Where the header's Back goes; null when the header has none. */
const backHref = () => within(headerBar()).queryByRole('link', { name: 'Back' })?.getAttribute('href') ?? null;
const headerTitle = () => within(headerBar()).queryByRole('heading', { level: 1 })?.textContent ?? '';

// Every page's chunk is loaded before the tests: a page a test only passes through would otherwise
// go on loading after the file's environment is torn down, and fail the run as an unhandled error.
beforeAll(async () => {
  await Promise.all(APP_ROUTES.map((route) => route.page.preload?.()));
}, 30_000);

afterEach(() => {
  localStorage.clear();
});

describe('the header bar: Back and title', () => {
  const onboarded = () => makeUser({ onboardingCompleted: true });
  it.each([
    // [path, who, Back target (null: no Back), header title, tab title]
    ['/home', null, '/', '', 'Home · DealDesk'],
    // Signed in, nothing comes before the first step: /auth and /onboarding would both send the user straight back here.
    ['/onboarding/age', makeUser(), null, 'Set Up Your Profile', 'Age (step 1 of 7) · Set Up Your Profile · DealDesk'],
    ['/onboarding/income', makeUser(), '/onboarding/experience', 'Set Up Your Profile', 'Income (step 4 of 7) · Set Up Your Profile · DealDesk'],
    ['/onboarding/product', makeUser(), '/onboarding/industry', 'Set Up Your Profile', 'Product (step 7 of 7) · Set Up Your Profile · DealDesk'],
    // /home would forward a signed-in user to their home at once, so Back names that home.
    ['/account', onboarded(), '/chat', 'Account Settings', 'Account Settings · DealDesk'],
    ['/account', makeUser(), '/onboarding/age', 'Account Settings', 'Account Settings · DealDesk'],
    ['/referral', onboarded(), '/chat', 'Referral Program', 'Referral Program · DealDesk'],
    ['/upgrade', onboarded(), '/chat', 'Choose Your Plan', 'Choose Your Plan · DealDesk'],
    ['/checkout-basic', onboarded(), '/account', 'Basic Access', 'Basic Access · DealDesk'],
    ['/checkout', onboarded(), '/account', 'Upgrade to Pro', 'Upgrade to Pro · DealDesk'],
    ['/checkout-pro-promo', onboarded(), '/chat', 'Pro Launch Special', 'Pro Launch Special · DealDesk'],
    // Opened directly by a visitor: the welcome page, not a page that needs an account (issue #25).
    ['/privacy-policy', null, '/', 'Privacy Policy', 'Privacy Policy · DealDesk'],
    ['/privacy-policy', onboarded(), '/account', 'Privacy Policy', 'Privacy Policy · DealDesk'],
    ['/downloads', null, '/home', 'Get the App', 'Get the App · DealDesk'],
  ])('%s (as %o) goes Back to %s under the title "%s"', async (path, user, back, title, tabTitle) => {
    const memory = renderAppAt(path, user);
    await waitFor(() => expect(document.title).toBe(tabTitle));
    await waitFor(() => expect(backHref()).toBe(back));
    expect(headerTitle()).toBe(title);
    expect(memory.history.at(-1)).toBe(path);
  });

  // As the server's painted header has it (src/shared/app-shell.ts): the title does not move when the session answers.
  it.each([
    ['/chat', null],
    ['/account', '/chat'],
    ['/progress', '/chat'],
    ['/checkout', '/account'],
  ])('while the session is read, %s has the Back a signed-in rep sees (%s)', async (path, back) => {
    renderAppAt(path, 'pending');
    await waitFor(() => expect(headerTitle()).not.toBe(''));
    expect(backHref()).toBe(back);
  });

  it('follows Back: from an onboarding step to the step before it', async () => {
    const memory = renderAppAt('/onboarding/location', makeUser());
    await screen.findByLabelText('City');
    fireEvent.click(backLink());
    expect(memory.history.at(-1)).toBe('/onboarding/age');
    expect(await screen.findByLabelText('Age')).toBeTruthy();
  });

  it('shows the 404 page for an unknown path, with one H1, Back to /home and the page named in the tab title', async () => {
    renderAppAt('/no-such-page');
    // The 404 page is a chunk of its own (routes.tsx).
    await screen.findByText('The page you are looking for does not exist or has moved.');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Page Not Found']);
    expect(backLink().getAttribute('href')).toBe('/home');
    await waitFor(() => expect(document.title).toBe('Page Not Found · DealDesk'));
  });

  it("treats product §13.2 back map's /basic-checkout as /checkout-basic: the old name redirects to the page", async () => {
    renderAppAt('/basic-checkout', makeUser());
    expect(await screen.findByRole('heading', { name: 'Basic Access', level: 2 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
    cleanup();
    renderAppAt('/checkout-basic', makeUser());
    expect(await screen.findByRole('heading', { name: 'Basic Access', level: 2 })).toBeTruthy();
    expect(backLink().getAttribute('href')).toBe('/account');
  });

  it('has no header bar on the welcome and auth pages; their tab titles still name them, by mode', async () => {
    renderAppAt('/');
    expect(await screen.findByRole('link', { name: 'Log In or Sign Up' })).toBeTruthy();
    // A newcomer is not left to find sign-up behind "Welcome Back" (issue #25's walk).
    expect(screen.getByRole('link', { name: 'New here? Create a free account' }).getAttribute('href')).toBe('/signup');
    expect(header()).toBeNull();
    await waitFor(() => expect(document.title).toBe('Welcome · DealDesk'));
    cleanup();

    for (const [path, heading, tabTitle] of [
      ['/auth', 'Welcome Back', 'Sign In · DealDesk'],
      ['/auth?mode=signup', 'Create Account', 'Create Account · DealDesk'],
      ['/signup', 'Create Account', 'Create Account · DealDesk'],
    ] as const) {
      renderAppAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(header()).toBeNull();
      // The card's own Back leads to the welcome page.
      expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');
      await waitFor(() => expect(document.title).toBe(tabTitle));
      cleanup();
    }
  });
});

describe('the tab bar', () => {
  it('lists the six sections in order and marks the current one, for a signed-in user', async () => {
    renderAppAt('/account', makeUser());
    const tabs = within(await screen.findByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('href')])).toEqual([
      ['Chat', '/chat'],
      ['Training', '/training'],
      ['Deck', '/deck'],
      ['Community', '/community'],
      ['Referrals', '/referral'],
      ['Account', '/account'],
    ]);
    expect(tabs.filter((t) => t.getAttribute('aria-current') === 'page').map((t) => t.textContent)).toEqual(['Account']);
  });

  it('marks Training on a lesson, as on the course list', async () => {
    renderAppAt('/training/pipeline', makeUser());
    const tabs = within(await screen.findByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(tabs.filter((t) => t.getAttribute('aria-current') === 'page').map((t) => t.textContent)).toEqual(['Training']);
  });

  it('stays out of the onboarding flow and away from signed-out visitors', async () => {
    renderAppAt('/onboarding/age', makeUser());
    await screen.findByLabelText('Age');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    cleanup();

    renderAppAt('/feedback', null);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.anything()));
    expect(await screen.findByRole('heading', { name: 'Share your feedback', level: 2 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});

describe('the signed-out redirect', () => {
  it.each([
    // Every signed-in page (issue #25): a bookmark or a shared link asks to sign in, then leads back there.
    ['/account', '/auth?next=%2Faccount'],
    ['/tutorial', '/auth?next=%2Ftutorial'],
    ['/chat', '/auth?next=%2Fchat'],
    ['/training', '/auth?next=%2Ftraining'],
    ['/community', '/auth?next=%2Fcommunity'],
    ['/progress', '/auth?next=%2Fprogress'],
    ['/onboarding/age', '/auth?next=%2Fonboarding%2Fage'],
    ['/onboarding/struggles', '/auth?next=%2Fonboarding%2Fstruggles'],
    ['/upgrade', '/auth?next=%2Fupgrade'],
    ['/checkout', '/auth?next=%2Fcheckout'],
    ['/checkout-pro-promo', '/auth?next=%2Fcheckout-pro-promo'],
    ['/referral', '/auth?next=%2Freferral'],
    ['/admin', '/auth?next=%2Fadmin'],
  ])('sends a signed-out visitor from %s to %s, replacing the address', async (path, target) => {
    const memory = renderAppAt(path, null);
    await waitFor(() => expect(memory.history).toEqual([target]));
  });

  it('lets a signed-in user in', async () => {
    const memory = renderAppAt('/account', makeUser({ username: 'casey' }));
    expect((await screen.findByTestId('account-username')).textContent).toBe('casey');
    expect(memory.history).toEqual(['/account']);
  });

  it('neither shows the page nor redirects while it cannot tell whether anyone is signed in', async () => {
    const memory = renderAppAt('/account', 'unknown');
    expect((await screen.findByRole('alert')).textContent).toContain('We could not confirm that you are signed in');
    expect(screen.queryByTestId('account-username')).toBeNull();
    expect(memory.history).toEqual(['/account']);
  });

  it('reads the session again on Retry, and shows the page once it answers', async () => {
    renderAppAt('/account', 'unknown');
    await screen.findByRole('alert');
    serveSession(makeUser({ username: 'casey' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('account-username')).textContent).toBe('casey');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads the session again when the network comes back, without Retry', async () => {
    renderAppAt('/account', 'unknown');
    await screen.findByRole('alert');
    serveSession(makeUser({ username: 'casey' }));
    fireEvent(window, new Event('online'));
    expect((await screen.findByTestId('account-username')).textContent).toBe('casey');
  });

  it('leaves public pages to everyone', async () => {
    const memory = renderAppAt('/privacy-policy', null);
    expect(await screen.findByText('Last updated: November 27, 2026')).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.anything()));
    expect(memory.history).toEqual(['/privacy-policy']);
  });
});

describe("the welcome the server put in /chat's page (ADR 0009)", () => {
  const sendWelcome = () => document.body.insertAdjacentHTML('beforeend', `<dialog id="${STATIC_WELCOME_ID}" open><h2>Welcome</h2></dialog>`);

  it('is gone when the app lands elsewhere: a session that ended in the meantime leads away from the chat', async () => {
    sendWelcome();
    const memory = renderAppAt('/chat', null);
    await waitFor(() => expect(memory.history).toEqual(['/auth?next=%2Fchat']));
    await waitFor(() => expect(document.getElementById(STATIC_WELCOME_ID)).toBeNull());
  });

  it('is left for the chat to take over while the app is on /chat', async () => {
    sendWelcome();
    renderAppAt('/chat', 'unknown');
    await screen.findByText(/We could not confirm that you are signed in/);
    expect(document.getElementById(STATIC_WELCOME_ID)).not.toBeNull();
    document.getElementById(STATIC_WELCOME_ID)?.remove();
  });
});
