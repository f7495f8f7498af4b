import type { ChatStatus, ConversationSummary } from '#shared/schemas/chat';
import { expect, screenshotsAtBothWidths, signUpThroughUi, test } from './fixtures';

// This app runs with TRIAL_DAYS=0 (playwright.config.ts): a new account is on the free tier.
const port = Number(process.env.E2E_PORT ?? 5055) + 1;
// A language and a time zone of the rep's own (not the server's UTC): dates are written as their browser writes them.
const locale = 'en-US';
const timezoneId = 'Pacific/Auckland';
test.use({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 390, height: 844 }, locale, timezoneId });

/** The day the week's conversation closes, as the rep's browser writes it ("Wed, Dec 3"). */
const dayOf = (iso: string) => new Date(iso).toLocaleDateString(locale, { timeZone: timezoneId, weekday: 'short', month: 'short', day: 'numeric' });

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
  // Issue #25: not "Next free chat in 7 days", as if one message had used the week up, but that
  // this conversation stays open, until when, and for how many more messages (the server's cap).
  await expect(page.getByTestId('coach-message')).toHaveCount(1);
  const status = (await (await page.request.get('/api/chat/status')).json()) as ChatStatus;
  expect(status).toMatchObject({ freeChatsRemaining: 0, daysUntilReset: 7, openFreeMessagesLeft: 59 });
  expect(status.openFreeUntil).toBe(status.nextResetAt);
  const until = dayOf(status.openFreeUntil ?? '');
  // On a phone, beside three controls, the short form; from 640 px the whole sentence.
  const subtitle = page.getByTestId('chat-subtitle');
  await expect(subtitle).toHaveText(`Free chat open until ${until}`, { useInnerText: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(subtitle).toHaveText(`This week’s free chat: open until ${until} (59 messages left)`, { useInnerText: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // The week's conversation stays open: a second message in it is answered, and counted.
  const chip = page.getByRole('group', { name: 'Suggested replies' }).getByRole('button').first();
  await chip.click();
  await expect(page.getByText('Method:', { exact: false }).last()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Chat' })).toBeEnabled();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(subtitle).toHaveText(`This week’s free chat: open until ${until} (58 messages left)`, { useInnerText: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(subtitle).toHaveText(`Free chat open until ${until}`, { useInnerText: true });
  const fitsNow = await page.getByTestId('chat-subtitle').evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth);
  expect(fitsNow, 'the open chat line is whole at 390 px').toBe(true);
  await screenshotsAtBothWidths(page, 'free-tier', 'header-open-week-chat');

  // New Chat says the current conversation stays open (and leads back to it) before the upgrade,
  // before anything is typed, and makes no empty conversation.
  await page.getByRole('button', { name: 'New Chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'This week’s free chat is still open' });
  await expect(dialog).toContainText(`Your current conversation stays open until ${until} (58 messages left).`);
  await expect(dialog).toContainText(`your next free chat starts ${until}`);
  await expect(dialog.getByRole('link', { name: 'Upgrade for unlimited coaching' })).toHaveAttribute('href', '/upgrade');
  await screenshotsAtBothWidths(page, 'free-tier', 'new-chat-dialog');
  await dialog.getByRole('button', { name: 'Back to this week’s chat' }).click();
  await expect(dialog).toBeHidden();
  await expect(box).toBeVisible();
  await expect(page.getByTestId('user-message').first()).toHaveText('After I send the proposal they go completely silent.');
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
  await expect(page.getByTestId('plan-detail')).toHaveText(`This week’s free chat: open until ${until} (58 messages left)`);
  await screenshotsAtBothWidths(page, 'free-tier', 'account-plan');
});
