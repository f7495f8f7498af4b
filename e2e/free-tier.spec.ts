import { expect, signUpThroughUi, test } from './fixtures';

// This app runs with TRIAL_DAYS=0 (playwright.config.ts): a new account is on the free tier.
const port = Number(process.env.E2E_PORT ?? 5055) + 1;
test.use({ baseURL: `http://127.0.0.1:${port}` });

test('a free rep gets one conversation a week, keeps it, and sees the upgrade screen for a new one', async ({ page, consoleGuard }) => {
  test.setTimeout(60_000);
  consoleGuard.allow(/status of 402/);
  await signUpThroughUi(page);
  await page.goto('/chat');
  await page.getByRole('dialog', { name: /^Welcome to / }).getByRole('button', { name: 'Start Free Coaching' }).click();
  await expect(page.getByTestId('chat-subtitle')).toHaveText('1 free chat remaining this week');
  await expect(page.getByTestId('trial-banner')).toHaveCount(0);

  const box = page.getByLabel('Message', { exact: true });
  await box.fill('After I send the proposal they go completely silent.');
  await box.press('Enter');
  await expect(page.getByTestId('chat-subtitle')).toHaveText('0 free chats remaining this week');
  // The week's conversation stays open: a second message in it is answered.
  const chip = page.getByRole('group', { name: 'Suggested replies' }).getByRole('button').first();
  await chip.click();
  await expect(page.getByText('Method:', { exact: false }).last()).toBeVisible();

  // A new conversation needs the week's chat, which is used: the upgrade screen, with both offers.
  await page.reload();
  await page.getByRole('button', { name: 'New Chat' }).click();
  await box.fill('My demos run too long.');
  await box.press('Enter');
  await expect(page.getByRole('heading', { name: 'Upgrade to Continue' })).toBeVisible();
  await expect(page.getByText('Your free weekly chat has been used')).toBeVisible();
  await expect(page.getByText('Your next free chat resets in 7 days')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Pro Launch Special' })).toHaveAttribute('href', '/checkout-pro-promo');
  await expect(page.getByText('$2.99 first month, then $4.99/month')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Basic Access' })).toHaveAttribute('href', '/checkout-basic');
});
