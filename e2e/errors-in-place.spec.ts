import type { Locator, Page } from '@playwright/test';
import { expect, signUpOnboarded, skipChatWelcome, test } from './fixtures';

// Issue #25: an error sits by the field or the button it is about, and a toast never covers a
// page's main action (the Publish button, the card's Pay button, the chat's message box).

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

/** Each visible toast (if any) stays clear of `target`. */
async function expectToastClearOf(page: Page, target: Locator, what: string) {
  const toasts = page.getByTestId('toast');
  for (let i = 0; i < (await toasts.count()); i += 1) {
    expect(overlaps(await boxOf(toasts.nth(i)), await boxOf(target)), `a toast covers ${what}`).toBe(false);
  }
}

/** Pro through the sandbox checkout, straight from its page. */
async function payPro(page: Page) {
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Pay with Card' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Subscribe to Pro/ }).click();
  await expect(page.getByTestId('toast')).toContainText('Welcome to Pro!');
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('New Post left empty: the errors are in the dialog, by the fields and Publish, and no toast covers Publish', async ({ page }) => {
      await signUpOnboarded(page);
      await payPro(page);
      await page.goto('/community');
      await page.getByRole('button', { name: 'New Post' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Post' });
      const publish = dialog.getByRole('button', { name: 'Publish Post' });
      await publish.click();
      await expect(dialog.getByText('Please enter a title.')).toBeVisible();
      // 'Please fill all fields' is announced and read with Publish, inside the dialog.
      const note = dialog.getByRole('alert').filter({ hasText: 'Please fill all fields' });
      await expect(note).toBeVisible();
      await expect(publish).toHaveAttribute('aria-describedby', (await note.getAttribute('id')) ?? 'missing');
      await expectToastClearOf(page, publish, 'Publish Post');

      // A title of spaces only is still empty.
      await dialog.getByLabel('Title').fill('   ');
      await dialog.getByLabel('Category').selectOption('prospecting');
      await dialog.getByLabel('Content').fill('How do you open a cold call?');
      await publish.click();
      await expect(dialog.getByText('Please enter a title.')).toBeVisible();
      await expectToastClearOf(page, publish, 'Publish Post');
    });

    test('a published post: its toast leaves the forum’s own buttons uncovered', async ({ page }) => {
      await signUpOnboarded(page);
      await payPro(page);
      await page.goto('/community');
      await page.getByRole('button', { name: 'New Post' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Post' });
      await dialog.getByLabel('Title').fill('Opening a cold call');
      await dialog.getByLabel('Category').selectOption('prospecting');
      await dialog.getByLabel('Content').fill('What do you say in the first ten seconds?');
      await dialog.getByRole('button', { name: 'Publish Post' }).click();
      await expect(page.getByTestId('toast')).toContainText(/published/i);
      await expect(dialog).toBeHidden();
      // Wherever publishing leads (the forum, or the post), the page's own buttons stay uncovered.
      for (const button of await page.getByRole('main').getByRole('button').all()) {
        if (await button.isVisible()) await expectToastClearOf(page, button, `the ${await button.innerText()} button`);
      }
    });

    test('after New Chat the Chat Cleared toast leaves the message box uncovered', async ({ page }) => {
      await signUpOnboarded(page);
      await payPro(page);
      await skipChatWelcome(page);
      await page.goto('/chat');
      const box = page.getByLabel('Message', { exact: true });
      await expect(box).toBeVisible();
      // A draft of a few lines grows the box, as a rep's first message does.
      await box.fill('We sell office cleaning contracts.\nProspects say the price is too high.\nThey go quiet after the demo.\nHow do I close?');
      await page.getByRole('button', { name: 'New Chat' }).click();
      await expect(page.getByTestId('toast')).toContainText('Chat Cleared');
      const composer = page.locator('form').filter({ has: box });
      await expectToastClearOf(page, composer, 'the message box');
      // Nor Back, the title or the chat bar in the header.
      const toast = await boxOf(page.getByTestId('toast'));
      const header = await boxOf(page.getByRole('banner').first());
      expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
    });
  });
}

test.describe('a declined card', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the refusal under the card number, and it stays', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 402/);
    await signUpOnboarded(page);
    await page.goto('/checkout-basic');
    await page.getByRole('button', { name: 'Pay with Card' }).click();
    const number = page.getByLabel('Card number');
    await number.fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    const pay = page.getByRole('button', { name: /^Subscribe to Basic Access/ });
    await pay.click();
    const message = page.locator('#card-number-error');
    await expect(message).toHaveText('Your card was declined.');
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveAttribute('aria-describedby', /card-number-error/);
    await expectToastClearOf(page, pay, 'the Pay button');
    // Still there after a toast would have gone (5 s).
    await page.waitForTimeout(5_500);
    await expect(message).toHaveText('Your card was declined.');
    await expect(pay).toBeEnabled();

    // A new card number withdraws it; the good card then pays.
    await number.fill('4242 4242 4242 4242');
    await expect(message).toHaveCount(0);
    await pay.click();
    await expect(page).toHaveURL(/\/chat$/);
  });
});
