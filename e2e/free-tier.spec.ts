import type { ConversationSummary } from '../src/shared/schemas/chat';
import { expect, signUpThroughUi, test } from './fixtures';

// This app runs with TRIAL_DAYS=0 (playwright.config.ts): a new account is on the free tier.
const port = Number(process.env.E2E_PORT ?? 5055) + 1;
test.use({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 390, height: 844 } });

test('a free rep gets one conversation a week, keeps it, and is told before typing that a new one must wait', async ({ page, consoleGuard }) => {
  test.setTimeout(60_000);
  consoleGuard.allow(/status of 402/);
  await signUpThroughUi(page);
  await page.goto('/chat');
  await page.getByRole('dialog', { name: /^Welcome to / }).getByRole('button', { name: 'Start Free Coaching' }).click();
  await expect(page.getByTestId('chat-subtitle')).toHaveText('1 free chat remaining this week');
  await expect(page.getByTestId('trial-banner')).toHaveCount(0);
  // Whole on a phone, beside the three header controls: wrapped, not cut short, and inside the bar.
  const fit = await page.getByTestId('chat-subtitle').evaluate((el) => {
    const bar = el.closest('header')?.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return { clipped: el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth, inBar: Boolean(bar && box.top >= bar.top && box.bottom <= bar.bottom) };
  });
  expect(fit).toEqual({ clipped: false, inBar: true });
  await page.screenshot({ path: 'test-results/screenshots/chat-free-subtitle-390x844.png' });

  const box = page.getByLabel('Message', { exact: true });
  await box.fill('After I send the proposal they go completely silent.');
  await box.press('Enter');
  await expect(page.getByTestId('chat-subtitle')).toHaveText('Next free chat in 7 days');
  // The week's conversation stays open: a second message in it is answered.
  const chip = page.getByRole('group', { name: 'Suggested replies' }).getByRole('button').first();
  await chip.click();
  await expect(page.getByText('Method:', { exact: false }).last()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Chat' })).toBeEnabled();

  // New Chat says why not and when, before anything is typed, and makes no empty conversation.
  await page.getByRole('button', { name: 'New Chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your free chat this week is used' });
  await expect(dialog).toContainText('Your next free chat resets in 7 days');
  await expect(dialog.getByRole('link', { name: 'Upgrade for unlimited coaching' })).toHaveAttribute('href', '/upgrade');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(box).toBeVisible();
  const listed = async () => ((await (await page.request.get('/api/chat/sessions')).json()) as { sessions: ConversationSummary[] }).sessions;
  expect(await listed()).toHaveLength(1);

  // The server refuses the conversation too, with the same words, and keeps nothing.
  const refused = await page.request.post('/api/chat/session', { data: {} });
  expect(refused.status()).toBe(402);
  expect(await refused.json()).toMatchObject({ requiresPayment: true, message: expect.stringContaining('resets in 7 day(s)') });
  expect(await listed()).toHaveLength(1);

  // A reload reopens the week's conversation, not an empty one.
  await page.reload();
  await expect(page.getByTestId('user-message').first()).toHaveText('After I send the proposal they go completely silent.');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The account page tells the same story as the chat header.
  await page.goto('/account');
  await expect(page.getByTestId('plan-badge')).toHaveText('Free Plan');
  await expect(page.getByTestId('plan-detail')).toHaveText('Next free chat in 7 days');
});
