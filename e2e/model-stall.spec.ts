import type { Page } from '@playwright/test';
import { expect, screenshotsAtBothWidths, signUpThroughUi, skipChatWelcome, test } from './fixtures';

// The app on port + 2 runs its coach on a fake model (e2e/fake-model.mjs) with a 1.5 s between-chunks timeout.
const port = Number(process.env.E2E_PORT ?? 5055) + 2;
test.use({ baseURL: `http://127.0.0.1:${port}` });

const profile = {
  age: 33,
  city: 'Denver',
  state: 'CO',
  salesExperience: '3-5 years',
  currentIncome: 4200,
  targetIncome: 7000,
  biggestStruggle: 'Prospects go quiet when I say the price',
  industry: 'B2B software',
  product: 'Scheduling software for clinics',
};

/** A new rep, onboarded, in the chat. */
async function openChat(page: Page): Promise<void> {
  await signUpThroughUi(page);
  expect((await page.request.post('/api/onboarding', { data: profile })).ok()).toBe(true);
  await skipChatWelcome(page);
  await page.goto('/chat');
}

test('the model stalls mid-reply: the rep gets one complete answer, and the next message is the model again', async ({ page }) => {
  test.setTimeout(60_000);
  await openChat(page);

  const box = page.getByLabel('Message', { exact: true });
  const coach = page.getByTestId('coach-message');
  const newChat = page.getByRole('button', { name: 'New Chat' });

  await box.fill('the prospect freezes when i say the price and then goes silent');
  await box.press('Enter');
  // The first words of the model's reply arrive, then nothing: after the between-chunks timeout the
  // built-in coach answers in its place, and the stored reply replaces what was streamed.
  await expect(coach).toHaveCount(1);
  await expect(newChat).toBeEnabled({ timeout: 10_000 });
  const reply = coach.first();
  await expect(reply).toContainText('Our AI coach is busy right now, so this answer comes from the built-in coach.');
  await expect(reply).not.toContainText('When they go quiet after the price,');
  await expect(page.getByText('Not sent')).toHaveCount(0);
  await screenshotsAtBothWidths(page, 'model-stall', 'stand-in-reply');

  // The model is fine again for the next message.
  await box.fill('ok and what do i ask after the silence?');
  await box.press('Enter');
  await expect(coach).toHaveCount(2);
  await expect(newChat).toBeEnabled();
  await expect(coach.last()).toContainText('stay quiet too');
  await expect(coach.last()).not.toContainText('built-in coach');

  // What was stored is what the rep saw: one reply per message, after a reload too.
  await page.reload();
  await expect(coach).toHaveCount(2);
  await expect(page.getByTestId('user-message')).toHaveCount(2);
  await expect(coach.first()).toContainText('comes from the built-in coach');
});

test('a rep who leaves the chat mid-reply finds the message waiting for a retry, and gets one reply', async ({ page }) => {
  test.setTimeout(60_000);
  await openChat(page);
  const box = page.getByLabel('Message', { exact: true });
  await box.fill('they go quiet slowly after the price, what now');
  await box.press('Enter');
  // The reply starts, and the rep opens Progress before it is written: the model call stops.
  await expect(page.getByTestId('coach-message')).toHaveCount(1);
  await page.getByRole('link', { name: 'Progress' }).click();
  await expect(page).toHaveURL(/\/progress$/);
  await page.waitForTimeout(500);

  await page.goto('/chat');
  const retry = page.getByRole('button', { name: 'No reply yet — tap to retry' });
  await expect(retry).toBeVisible();
  await expect(page.getByTestId('coach-message')).toHaveCount(0);
  await screenshotsAtBothWidths(page, 'model-stall', 'left-mid-reply');
  await retry.click();
  await expect(page.getByTestId('coach-message')).toHaveCount(1);
  await expect(page.getByTestId('coach-message')).toContainText('stay quiet too', { timeout: 15_000 });
  // Written and stored: the header's buttons wait while a reply is being written.
  await expect(page.getByRole('button', { name: 'New Chat' })).toBeEnabled({ timeout: 20_000 });
  await expect(retry).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('coach-message')).toHaveCount(1);
  await expect(page.getByTestId('user-message')).toHaveCount(1);
});
