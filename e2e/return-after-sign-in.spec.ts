import type { Page } from '@playwright/test';
import { expect, newAccount, repProfile, skipChatWelcome, test } from './fixtures';

/*
 * Issue #25: a session that ends with the app open, a deep link opened signed out and a sign-up
 * that starts at a checkout link all lead through sign-in (or onboarding) and back to where the
 * user was, never to a dead end. Against the app with no trial (port + 1), so a new account may
 * buy Basic at once.
 */
const port = Number(process.env.E2E_PORT ?? 5055) + 1;
test.use({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 390, height: 844 } });

async function signUpOnboarded(page: Page) {
  const account = newAccount();
  expect((await page.request.post('/api/auth/signup', { data: account })).status()).toBe(201);
  expect((await page.request.post('/api/onboarding', { data: repProfile })).ok()).toBe(true);
  return account;
}

async function signInHere(page: Page, account: { username: string; password: string }) {
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email or username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The seven onboarding steps through the UI, from the first. */
async function onboardThroughUi(page: Page) {
  await expect(page).toHaveURL(/\/onboarding\/age$/);
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel('Age').fill('34');
  await next.click();
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await next.click();
  await page.getByLabel('3-5 years').check();
  await next.click();
  await page.getByLabel("Last month's commission/bonus ($)").fill('4200');
  await page.getByLabel("This month's target ($)").fill('6500');
  await next.click();
  await page.getByLabel('What do you struggle with most?').fill('Price objections at the close.');
  await next.click();
  await page.getByLabel('Industry').fill('B2B software');
  await next.click();
  await page.getByLabel('Product or service').fill('Payroll software');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/tutorial$/);
}

test('a session that ends with the chat open: the send leads to sign-in, and back to the chat with the message kept', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 401/);
  const account = await signUpOnboarded(page);
  await skipChatWelcome(page);
  await page.goto('/chat');
  const box = page.getByRole('textbox', { name: /message/i });
  await expect(box).toBeEnabled();
  // The chat's own start-up requests done first: this journey is about the send's 401.
  await page.waitForLoadState('networkidle');

  // The session ends (expired, or signed out elsewhere): the browser's cookie is gone.
  await page.context().clearCookies();
  await skipChatWelcome(page);
  const message = 'How do I answer "we already have a vendor"?';
  await box.fill(message);
  await box.press('Enter');

  // Sign-in, not "Please sign in to continue" with no way to; then the chat, the message in the box.
  await expect(page).toHaveURL(/\/auth\?next=%2Fchat$/);
  // Told why, above the form, and that the message waits.
  await expect(page.getByRole('status')).toHaveText('Your session ended. Sign in to continue — your unsent message is kept.');
  await signInHere(page, account);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('textbox', { name: /message/i })).toHaveValue(message);
  await expect(page.getByText('This conversation could not be loaded.')).toHaveCount(0);
});

test('any 401 from a page leads to sign-in and back to that page', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 401/);
  const account = await signUpOnboarded(page);
  await page.goto('/progress');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Progress' })).toBeVisible();
  await page.context().clearCookies();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\?next=%2Faccount$/);
  // A page opened afresh with no session: nothing ended while in use, so nothing to explain.
  await expect(page.getByTestId('signed-out-reason')).toHaveCount(0);
  await signInHere(page, account);
  await expect(page).toHaveURL(/\/account$/);
  // And a refused save on an open page: on to sign-in, then back.
  await expect(page.getByTestId('account-username')).toHaveText(account.username);
  await page.locator('summary').filter({ hasText: 'Sales profile' }).click();
  await page.getByRole('form', { name: 'Sales profile' }).getByLabel('City').fill('Boulder');
  await page.context().clearCookies();
  await page.getByRole('form', { name: 'Sales profile' }).getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Faccount$/);
  // Ended while in use, with no chat message waiting: no promise of one.
  await expect(page.getByTestId('signed-out-reason')).toHaveText('Your session ended. Sign in to continue.');
  await signInHere(page, account);
  await expect(page).toHaveURL(/\/account$/);
});

test('Log Out then Back lands on the welcome page, not on a looping error', async ({ page }) => {
  await signUpOnboarded(page);
  await skipChatWelcome(page);
  await page.goto('/chat');
  await expect(page.getByRole('textbox', { name: /message/i })).toBeVisible();
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log In or Sign Up' })).toBeVisible();
  await expect(page.getByText('Your chat could not be loaded.')).toHaveCount(0);
});

test('a signed-in user on the welcome page is offered their coach, not "Log In or Sign Up"', async ({ page }) => {
  const account = newAccount();
  expect((await page.request.post('/api/auth/signup', { data: account })).status()).toBe(201);
  await page.goto('/');
  // Not yet onboarded: the coach starts with onboarding.
  await expect(page.getByRole('link', { name: 'Continue to your coach' })).toHaveAttribute('href', '/onboarding');
  await expect(page.getByRole('link', { name: 'Log In or Sign Up' })).toHaveCount(0);
  expect((await page.request.post('/api/onboarding', { data: repProfile })).ok()).toBe(true);
  await page.reload();
  await skipChatWelcome(page);
  await page.getByRole('link', { name: 'Continue to your coach' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});

test('signing up from a checkout link goes through onboarding and the tutorial, then to that checkout', async ({ page }) => {
  await page.goto('/checkout-pro-promo');
  await expect(page).toHaveURL(/\/auth\?next=%2Fcheckout-pro-promo$/);
  await page.getByRole('button', { name: 'Sign up' }).click();
  const account = newAccount();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await onboardThroughUi(page);
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout-pro-promo$/);
  await expect(page.getByTestId('checkout-price')).toBeVisible();
});

test('next is only ever a path of this site: no open redirect', async ({ page, consoleGuard }) => {
  // The chat left open when the cookie is cleared may be refused once before the next page loads.
  consoleGuard.allow(/status of 401/);
  const account = await signUpOnboarded(page);
  await page.context().clearCookies();
  for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/%09/evil.example', 'javascript:alert(1)']) {
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    await signInHere(page, account);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/chat$/);
    await page.context().clearCookies();
  }
  // Nor through sign-up, onboarding and the tutorial.
  await page.goto(`/auth?mode=signup&next=${encodeURIComponent('//evil.example')}`);
  const other = newAccount();
  await page.getByLabel('Username').fill(other.username);
  await page.getByLabel('Email').fill(other.email);
  await page.getByLabel('Password', { exact: true }).fill(other.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await onboardThroughUi(page);
  await expect(page.getByRole('link', { name: 'Continue to AI Coach' })).toHaveAttribute('href', '/chat');
});

test('paying for Basic before onboarding leads to onboarding, then on to the chat', async ({ page }) => {
  await page.goto('/checkout-basic');
  await expect(page).toHaveURL(/\/auth\?next=%2Fcheckout-basic$/);
  const account = newAccount();
  expect((await page.request.post('/api/auth/signup', { data: account })).status()).toBe(201);
  await page.goto('/checkout-basic');
  await page.getByRole('button', { name: 'Pay with Card' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Subscribe to Basic Access/ }).click();
  await expect(page.getByTestId('toast')).toContainText('Welcome to Basic Access!');
  await onboardThroughUi(page);
  await skipChatWelcome(page);
  await page.getByRole('link', { name: 'Continue where you were going' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});

test('signed-in pages opened signed out ask to sign in, then open', async ({ page }) => {
  const account = await signUpOnboarded(page);
  await page.context().clearCookies();
  for (const path of ['/community', '/training', '/progress', '/chat']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/auth\\?next=${encodeURIComponent(path)}$`));
    await signInHere(page, account);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.context().clearCookies();
  }
});

test('a visitor’s Back from Privacy and Feedback goes where they came from; Feedback’s return link says where it goes', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await page.locator('header a', { hasText: 'Back' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/feedback');
  await page.locator('header a', { hasText: 'Back' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Opened directly, with nothing of the app before it: the welcome page, not a page that needs an account.
  const fresh = await page.context().newPage();
  await fresh.goto('/privacy-policy');
  await expect(fresh.locator('header a', { hasText: 'Back' })).toHaveAttribute('href', '/');
  await fresh.close();
});
