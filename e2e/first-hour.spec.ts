import { expect, expectAccessible, newAccount, test, skipChatWelcome } from './fixtures';

/**
 * Issue #13's acceptance, in one journey on a phone: a newcomer signs up from "Get Started",
 * onboards with one answer refused at its field, sends a first message while offline (kept, then
 * sent by the retry), and Back from the chat lands on a page that stays.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('a newcomer on a phone: sign up from Get Started, onboard, keep an offline message, and Back that stays', async ({ page, consoleGuard }) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_FAILED/);
  const account = newAccount();

  await page.goto('/home');
  await page.getByRole('link', { name: 'Get Started', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  await expectAccessible(page, 'sign-up');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  // One invalid answer: its message shows at the field, and nothing moves on.
  await expect(page).toHaveURL(/\/onboarding\/age$/);
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel('Age').fill('15');
  await next.click();
  await expect(page.locator('#onboarding-age-error')).toHaveText('Please enter a valid age between 18 and 100.');
  await expect(page.getByLabel('Age')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/onboarding\/age$/);
  await expectAccessible(page, 'onboarding age, refused');
  await page.getByLabel('Age').fill('29');
  await next.click();

  await expect(page).toHaveURL(/\/onboarding\/location$/);
  await page.getByLabel('City').fill('Phoenix');
  await page.getByLabel('State').fill('AZ');
  await next.click();
  await expect(page).toHaveURL(/\/onboarding\/experience$/);
  await page.getByLabel('1-2 years').check();
  await next.click();
  await expect(page).toHaveURL(/\/onboarding\/income$/);
  await page.getByLabel("Last month's commission/bonus ($)").fill('3100');
  await page.getByLabel("This month's target ($)").fill('5000');
  await next.click();
  await expect(page).toHaveURL(/\/onboarding\/struggles$/);
  await page.getByLabel('What do you struggle with most?').fill('People say they need to ask their husband and I never see them again.');
  await next.click();
  await expect(page).toHaveURL(/\/onboarding\/industry$/);
  await page.getByLabel('Industry').fill('Home services');
  await next.click();
  await expect(page).toHaveURL(/\/onboarding\/product$/);
  await page.getByLabel('Product or service').fill('Pest control plans');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/tutorial$/);

  // The first message, sent offline: kept and marked, then sent once by the retry.
  await skipChatWelcome(page);
  await page.goto('/chat');
  const box = page.getByLabel('Message', { exact: true });
  await expect(page.getByText('Start a conversation with your AI sales coach!')).toBeVisible();
  const message = "At the door they say 'I gotta ask my husband' and I never get them back.";
  await page.context().setOffline(true);
  await box.fill(message);
  await box.press('Enter');
  await expect(page.getByTestId('unsent-message')).toHaveText(message);
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Not sent — tap to retry' }).click();
  await expect(page.getByTestId('user-message')).toHaveText([message]);
  await expect(page.getByTestId('coach-message')).toHaveCount(1);
  await expect(page.getByTestId('unsent-mark')).toHaveCount(0);
  await expectAccessible(page, 'chat with a reply');

  // Back from the chat: the chat is this rep's home, so there is no header Back to bounce on,
  // and the browser's Back leaves for the page before it (the tutorial), which stays.
  await expect(page.getByRole('banner').first().getByRole('link', { name: 'Back' })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/tutorial$/);
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/tutorial$/);
});
