import type { Page } from '@playwright/test';
import { advanceClock, expect, expectAccessible, signUpOnboarded, skipChatWelcome, test } from './fixtures';

/*
 * Issue #25 item 12, a newcomer's billing questions, answered before they pay and after time
 * passes: what Pro does to a running Basic, the launch badge after the promo month, a plan that
 * lapsed, and the chat's upgrade links that lead to the one plan chooser. The later tests move
 * the app's clock (advanceClock), in steps of 16 days with a visit between them (a session ends
 * after 30 days without one).
 */

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 5055}`;

async function payWithTestCard(page: Page, payLabel: RegExp) {
  await page.getByRole('button', { name: 'Pay with Card' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: payLabel }).click();
}

async function monthPasses(page: Page) {
  for (const days of [16, 16]) {
    await advanceClock(baseURL, days);
    await page.reload();
  }
}

test("the chat's upgrade link leads to the plan chooser, and the old /basic-checkout name to the Basic checkout", async ({ page }) => {
  await signUpOnboarded(page);
  await skipChatWelcome(page);
  await page.goto('/chat');
  await page.getByTestId('trial-banner').getByRole('link', { name: /^Upgrade for / }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  await expect(page.getByRole('heading', { name: 'Choose your plan', level: 2 })).toBeVisible();

  await page.goto('/basic-checkout');
  await expect(page).toHaveURL(/\/checkout-basic$/);
  await expect(page.getByRole('heading', { name: 'Basic Access', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
});

test('a Basic subscriber opening the Pro checkout reads what happens to Basic before paying', async ({ page }) => {
  await signUpOnboarded(page);
  await page.goto('/checkout-basic');
  await payWithTestCard(page, /^Subscribe to Basic Access - \$0\.99\/month$/);
  await expect(page).toHaveURL(/\/chat$/);

  const replaced = /^Pro starts today and is charged today\. Your Basic Access then does not renew: it ends on .+, and the \$0\.99 you paid for it is not refunded or credited\.$/;
  await page.goto('/account');
  await expect(page.getByTestId('replaces-basic')).toHaveText(replaced);
  await page.goto('/checkout');
  await expect(page.getByTestId('replaces-basic')).toHaveText(replaced);
  await page.getByRole('button', { name: 'Pay with Card' }).click();
  // Still there beside the card form, where the user pays.
  await expect(page.getByTestId('replaces-basic')).toHaveText(replaced);
});

test('after the promo month the launch badge is gone and the plan reads Pro at $4.99/month', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpOnboarded(page);
  await page.goto('/checkout-pro-promo');
  await payWithTestCard(page, /^Subscribe to Pro - \$2\.99 first month$/);
  await expect(page).toHaveURL(/\/training$/);
  await page.goto('/account');
  const block = page.getByTestId('subscription-block');
  await expect(block.getByText('Launch special')).toBeVisible();

  await monthPasses(page);
  await expect(block.getByRole('heading', { name: 'Your plan: Pro — $4.99/month' })).toBeVisible();
  await expect(block.getByText('Launch special')).toHaveCount(0);
  await expect(page.getByTestId('plan-badge')).toHaveText('Pro Plan');
});

test('a lapsed plan says which plan ended and when, with a way to renew', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpOnboarded(page);
  await page.goto('/checkout-basic');
  await payWithTestCard(page, /^Subscribe to Basic Access - \$0\.99\/month$/);
  await expect(page).toHaveURL(/\/chat$/);
  await page.goto('/account');
  const ends = (await page.getByTestId('subscription-date').textContent())?.replace('Renews on ', '');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('dialog', { name: 'Cancel your subscription?' }).getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByTestId('subscription-date')).toHaveText(`Access ends on ${ends}`);

  await monthPasses(page);
  await expect(page.getByTestId('plan-ended')).toHaveText(`Your Basic Access plan ended on ${ends}.`);
  await expectAccessible(page, 'account, plan ended');
  await page.getByRole('link', { name: 'Renew or choose a plan' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  await expect(page.getByTestId('offer-basic')).toBeVisible();
});
