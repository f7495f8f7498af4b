import type { ReferralState } from '#shared/schemas/billing';
import { expect, expectAccessible, expectTapTargets, newAccount, signUpThroughUi, test } from './fixtures';

/*
 * Issue #14's referral journey (product §5), with the sandbox provider: a sign-up through a
 * rep's link, then that person's first payment, earns the rep one free Pro month, which the rep
 * redeems for 30 days of Pro. On the app with no trial (port + 1), so the Pro the month gives shows.
 */
const port = Number(process.env.E2E_PORT ?? 5055) + 1;
test.use({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 390, height: 844 } });

test("a friend who signs up through a rep's link and pays earns the rep a month, which the rep redeems", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signUpThroughUi(page);
  await page.goto('/referral');
  await expect(page.getByTestId('referral-months')).toHaveText('0');
  await expect(page.getByTestId('referral-value')).toHaveText('$4.99');
  await expect(page.getByRole('button', { name: 'Redeem a free month' })).toBeDisabled();
  await expectAccessible(page, 'referral page');
  await expectTapTargets(page, 'referral page');

  const link = await page.getByLabel('Share this link').inputValue();
  expect(link).toMatch(/\/auth\?ref=[A-Za-z0-9_-]{4,32}$/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByTestId('toast')).toContainText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The friend, on another device: the link opens the sign-up side of the card.
  const friendContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const friend = await friendContext.newPage();
  await friend.goto(new URL(link).pathname + new URL(link).search);
  await expect(friend.getByRole('heading', { level: 1 })).toHaveText('Create Account');
  const account = newAccount();
  await friend.getByLabel('Username').fill(account.username);
  await friend.getByLabel('Email').fill(account.email);
  await friend.getByLabel('Password').fill(account.password);
  await friend.getByRole('button', { name: 'Create Account' }).click();
  await expect(friend).toHaveURL(/\/onboarding/);

  // Signing up earns nothing yet: only the friend's first payment does.
  await page.reload();
  await expect(page.getByTestId('referral-months')).toHaveText('0');

  await friend.goto('/checkout-basic');
  await friend.getByRole('button', { name: 'Pay with Card' }).click();
  await friend.getByLabel('Card number').fill('4242 4242 4242 4242');
  await friend.getByLabel('Expiry (MM/YY)').fill('12/34');
  await friend.getByLabel('CVC').fill('123');
  await friend.getByRole('button', { name: /^Subscribe to Basic Access/ }).click();
  // Paid before onboarding: the coach needs the profile first (issue #25).
  await expect(friend).toHaveURL(/\/onboarding\/age$/);
  await friendContext.close();

  await page.reload();
  await expect(page.getByTestId('referral-months')).toHaveText('1');
  await expect(page.getByText('1 friend signed up through your link; 1 month earned.')).toBeVisible();
  await page.getByRole('button', { name: 'Redeem a free month' }).click();
  await expect(page.getByTestId('toast')).toContainText('Free month redeemed');
  await expect(page.getByTestId('referral-pro-until')).toContainText('Pro from your free months runs until');
  await expect(page.getByTestId('referral-months')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Redeem a free month' })).toBeDisabled();
  await expectAccessible(page, 'referral page after redeeming');

  const state = (await (await page.request.get('/api/referral')).json()) as ReferralState;
  expect(state.proUntil).not.toBeNull();
  const days = (Date.parse(state.proUntil ?? '') - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(28);

  await page.goto('/account');
  await expect(page.getByTestId('plan-badge')).toHaveText('Pro Plan');
});

test('a signed-out visitor to the referral page signs in and comes back to it', async ({ page }) => {
  const account = await signUpThroughUi(page);
  await page.context().clearCookies();
  await page.goto('/referral');
  await expect(page).toHaveURL(/\/auth\?next=%2Freferral$/);
  await page.getByLabel('Email or username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/referral$/);
  await expect(page.getByTestId('referral-months')).toHaveText('0');
});

test('a referral page that could not be loaded says so, and Try again loads it (issue #26)', async ({ page, consoleGuard }) => {
  await signUpThroughUi(page);
  // The first read fails as a dropped connection would; the next goes through.
  consoleGuard.allow(/Failed to load resource/);
  let failed = false;
  await page.route('**/api/referral', async (route) => {
    if (failed) return route.continue();
    failed = true;
    await route.abort('failed');
  });
  await page.goto('/referral');
  await expect(page.getByRole('alert')).toHaveText('Your referral details could not be loaded.');
  await expect(page.getByTestId('referral-months')).toHaveCount(0);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('referral-months')).toHaveText('0');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
