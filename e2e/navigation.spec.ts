import type { Page } from '@playwright/test';
import { expect, newAccount, repProfile, signUpThroughUi, skipChatWelcome, test } from './fixtures';

// A common phone: the size these journeys must work at.
test.use({ viewport: { width: 390, height: 844 } });

const profile = repProfile;

/** The header bar's Back, found even while a dialog hides the rest of the page from the accessibility tree. */
const headerBack = (page: Page) => page.locator('header a', { hasText: 'Back' });

test('Back never leads to a page that sends the rep straight back', async ({ page }) => {
  // Signing up from the welcome page: the sign-up card and /onboarding are replaced, not stacked.
  await page.goto('/');
  await page.getByRole('link', { name: 'Log In or Sign Up' }).click();
  await page.getByRole('button', { name: 'Sign up' }).click();
  const account = newAccount();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/onboarding\/age$/);

  // Nothing comes before the first step for a signed-in rep: no Back that would bounce off /auth, but a way out.
  await expect(headerBack(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  // Signed in, the welcome page leads on to the coach (onboarding first), not to sign-in (issue #25).
  await expect(page.getByRole('link', { name: 'Continue to your coach' })).toHaveAttribute('href', '/onboarding');
  await page.goForward();
  await expect(page).toHaveURL(/\/onboarding\/age$/);

  // Onboarded, the chat is the rep's home: it has no Back (it led to /home, which forwarded here with an extra entry).
  expect((await page.request.post('/api/onboarding', { data: profile })).ok()).toBe(true);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  // From the account, Back names the chat itself rather than /home.
  await expect(headerBack(page)).toHaveAttribute('href', '/chat');
  await headerBack(page).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(headerBack(page)).toHaveCount(0);
  const historyLength = await page.evaluate(() => history.length);

  // /home forwards a signed-in rep in place: Back from the chat goes to the page before /home, not to /home.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/chat$/);
  expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);
  await page.goBack();
  await expect(page).toHaveURL(/\/chat$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/account$/);

  // Signing in replaces the sign-in page: Back from the chat does not reopen it (it would forward to the chat again).
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Log In or Sign Up' }).click();
  await page.getByLabel('Email or username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('Get Started opens sign-up, Log In opens sign-in, and the auth card leads back to the welcome page', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('link', { name: 'Get Started', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await expect(page).toHaveTitle('Create Account · SalesCoach');

  await page.goto('/home');
  await page.getByRole('link', { name: 'Get Started Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();

  // A reload keeps the side the visitor chose.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signin$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Log In or Sign Up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
});

test('toggling sign-in and sign-up moves focus to the first field and drops the other side’s error', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 401/);
  await page.goto('/auth');
  await page.getByLabel('Email or username').fill('nobody-here');
  await page.getByLabel('Password').fill('Not-The-Password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('#auth-error')).toContainText('Incorrect email/username or password.');

  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByLabel('Username')).toBeFocused();
  await expect(page.locator('#auth-error')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Email or username')).toBeFocused();
});

test('sign-up shows the password rules before submitting, and a common password at the field', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 400/);
  await page.goto('/auth?mode=signup');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAccessibleDescription(/8 to 128 characters/);
  await expect(page.getByText(/8 to 128 characters\. Very common passwords/)).toBeVisible();

  const account = newAccount();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await password.fill('password123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.locator('#password-error')).toHaveText('This password is too common. Please choose a less guessable one.');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
});

test('an onboarding answer that does not pass shows its message next to the field, not in a toast', async ({ page }) => {
  await signUpThroughUi(page);
  await page.getByLabel('Age').fill('15');
  await page.getByRole('button', { name: 'Next' }).click();
  const message = 'Please enter a valid age between 18 and 100.';
  await expect(page.locator('#onboarding-age-error')).toHaveText(message);
  await expect(page.getByTestId('toast').filter({ hasText: message })).toHaveCount(0);
  await expect(page.getByLabel('Age')).toHaveAccessibleDescription(message);
  await expect(page.getByLabel('Age')).toBeFocused();

  await page.getByLabel('Age').fill('36');
  await expect(page.locator('#onboarding-age-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('City').fill('   ');
  await page.getByLabel('State').fill('CO');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#onboarding-city-error')).toHaveText('Please enter both your city and state.');
});

test('closing the delete dialog returns focus to the button that opened it', async ({ page }) => {
  await signUpThroughUi(page);
  await page.goto('/account');
  const opener = page.getByRole('button', { name: 'Delete my account' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(opener).toBeFocused();
});

test('a device signed out by a password change elsewhere is told why', async ({ page, browser, consoleGuard }) => {
  consoleGuard.allow(/status of 401/);
  const account = await signUpThroughUi(page);
  expect((await page.request.post('/api/onboarding', { data: profile })).ok()).toBe(true);

  // The other device: signed in, with the account page open and an edit under way.
  const otherContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await otherContext.newPage();
  // This device has seen the chat's welcome before: its dialog would cover the tab bar on the way to Account.
  await skipChatWelcome(other);
  await other.goto('/auth');
  await other.getByLabel('Email or username').fill(account.username);
  await other.getByLabel('Password').fill(account.password);
  await other.getByRole('button', { name: 'Sign In' }).click();
  await expect(other).toHaveURL(/\/chat$/);
  await other.goto('/account');
  await other.locator('summary').filter({ hasText: 'Sales profile' }).click();
  await other.getByRole('form', { name: 'Sales profile' }).getByLabel('City').fill('Boulder');

  // This device changes the password.
  await page.goto('/account');
  await page.locator('summary').filter({ hasText: 'Password' }).click();
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(account.password);
  await form.getByLabel('New password', { exact: true }).fill('Brand-New-Pitch-42');
  await form.getByLabel('Confirm new password').fill('Brand-New-Pitch-42');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('toast')).toContainText('Password changed');

  // The other device's next request is refused; it lands on sign-in with the reason.
  await other.getByRole('form', { name: 'Sales profile' }).getByRole('button', { name: 'Save profile' }).click();
  await expect(other).toHaveURL(/\/auth\?next=%2Faccount$/);
  const notice = 'You were signed out because your password was changed on another device.';
  await expect(other.getByTestId('signed-out-reason')).toHaveText(notice);

  // A reload (or opening the app later) says the same, until that device signs in again.
  await other.goto('/chat');
  await expect(other).toHaveURL(/\/auth\?next=%2Fchat$/);
  await expect(other.getByTestId('signed-out-reason')).toHaveText(notice);
  await other.getByLabel('Email or username').fill(account.username);
  await other.getByLabel('Password').fill('Brand-New-Pitch-42');
  await other.getByRole('button', { name: 'Sign In' }).click();
  await expect(other).toHaveURL(/\/chat$/);
  await other.goto('/auth');
  await expect(other).toHaveURL(/\/chat$/);
  await other.getByRole('link', { name: 'Account' }).click();
  await other.getByRole('button', { name: 'Log Out' }).click();
  await other.goto('/auth');
  await expect(other.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expect(other.getByTestId('signed-out-reason')).toHaveCount(0);
  await otherContext.close();
});

test('the first onboarding step’s Sign out is a way out: signed out, on the welcome page', async ({ page }) => {
  await signUpThroughUi(page);
  await expect(page).toHaveURL(/\/onboarding\/age$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('toast')).toContainText('Logged out');
  expect(await (await page.request.get('/api/auth/session')).json()).toEqual({ user: null });
});
