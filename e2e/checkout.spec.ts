import type { Page } from '@playwright/test';
import type { BillingState } from '#shared/schemas/billing';
import { advanceClock, expect, expectAccessible, expectTapTargets, signUpOnboarded, test } from './fixtures';

/*
 * Issue #14's checkout journeys, with the sandbox provider (no keys). They run against the app
 * with no trial (playwright.config.ts: port + 1), so a new account is on the free tier and every
 * plan change shows. The last one moves that server's clock (advanceClock: POST
 * /api/sandbox/advance-clock as an unlocked admin; e2e/serve.mjs sets SANDBOX_TEST_CLOCK=1), so it
 * stays last.
 */
const port = Number(process.env.E2E_PORT ?? 5055) + 1;
const baseURL = `http://127.0.0.1:${port}`;
test.use({ baseURL, viewport: { width: 390, height: 844 } });


const billing = async (page: Page) => (await (await page.request.get('/api/billing')).json()) as BillingState;

/** Pays on the checkout page now shown: the card form, then Pay. */
async function payWithCard(page: Page, number: string, payLabel: RegExp) {
  await page.getByRole('button', { name: 'Pay with Card' }).click();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await expect(page.getByTestId('sandbox-hint')).toContainText('Sandbox: use 4242 4242 4242 4242');
  await page.getByRole('button', { name: payLabel }).click();
}

/** Uses the week's free chat in the chat: the first message of a conversation. */
async function useFreeChat(page: Page) {
  await page.goto('/chat');
  await page.getByRole('dialog', { name: /^Welcome to / }).getByRole('button', { name: 'Start Free Coaching' }).click();
  const box = page.getByLabel('Message', { exact: true });
  await box.fill('They love the demo and then stop answering my emails.');
  await box.press('Enter');
  await expect(page.getByTestId('coach-message')).toHaveCount(1);
  // The week's chat is taken, its conversation open (a phone's short form; e2e/free-tier.spec.ts has the rest).
  await expect(page.getByTestId('chat-subtitle')).toHaveText(/^Free chat open until \w{3}, \w{3} \d{1,2}$/, { useInnerText: true });
}

test('a free rep whose weekly chat is used upgrades to Basic with the test card and chats without limit', async ({ page, consoleGuard }) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 402/);
  await signUpOnboarded(page);
  await useFreeChat(page);

  // New Chat tells them the week's chat is taken (still open) and where to upgrade: the plan chooser, then Basic's checkout.
  await page.getByRole('button', { name: 'New Chat' }).click();
  const blocked = page.getByRole('dialog', { name: 'This week’s free chat is still open' });
  await blocked.getByRole('link', { name: 'Upgrade for unlimited coaching' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  await page.getByRole('link', { name: 'Get Basic Access' }).click();
  await expect(page).toHaveURL(/\/checkout-basic$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Basic Access');
  await expect(page.getByTestId('checkout-price')).toHaveText('$0.99/month');
  await expectAccessible(page, 'Basic checkout');
  await expectTapTargets(page, 'Basic checkout');

  await payWithCard(page, '4242 4242 4242 4242', /^Subscribe to Basic Access/);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId('toast')).toContainText('Welcome to Basic Access!');
  expect((await billing(page)).plan).toBe('basic');

  // Unlimited now: a new conversation opens, and a message in it is answered.
  await expect(page.getByTestId('chat-subtitle')).toHaveText('Unlimited coaching sessions');
  await page.getByRole('button', { name: 'New Chat' }).click();
  await expect(page.getByTestId('toast')).toContainText('Chat Cleared');
  const box = page.getByLabel('Message', { exact: true });
  await box.fill('How do I follow up after a demo without sounding desperate?');
  await box.press('Enter');
  await expect(page.getByTestId('coach-message')).toHaveCount(1);
  await expectAccessible(page, 'chat after upgrading');

  await page.goto('/account');
  await expect(page.getByTestId('plan-badge')).toHaveText('Basic Plan');
  await expect(page.getByTestId('subscription-date')).toContainText('Renews on');
  await expectAccessible(page, 'account with Basic');
});

test('a declined card says so under the card number and changes nothing', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 402/);
  await signUpOnboarded(page);
  await page.goto('/checkout-basic');
  await payWithCard(page, '4000 0000 0000 0002', /^Subscribe to Basic Access/);
  await expect(page.locator('#card-number-error')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout-basic$/);
  // The form stays, ready for another card.
  await expect(page.getByRole('button', { name: /^Subscribe to Basic Access/ })).toBeEnabled();
  await expectAccessible(page, 'checkout after a declined card');

  const state = await billing(page);
  expect(state.plan).toBe('free');
  expect(state.subscription === null || state.subscription.status === 'incomplete').toBe(true);
  await page.goto('/account');
  await expect(page.getByTestId('plan-badge')).toHaveText('Free Plan');
  await expect(page.getByTestId('subscription-block')).toHaveCount(0);
});

test('a signed-out visitor is sent to sign in and back; Pro through the launch special lands on training, once per account', async ({ page }) => {
  test.setTimeout(60_000);
  const account = await signUpOnboarded(page);
  await page.request.post('/api/auth/signout');
  await page.context().clearCookies();

  await page.goto('/checkout-pro-promo');
  await expect(page).toHaveURL(/\/auth\?next=%2Fcheckout-pro-promo$/);
  await page.getByLabel('Email or username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/checkout-pro-promo$/);
  await expect(page.getByTestId('checkout-price')).toHaveText('$2.99 first month, then $4.99/month');
  await expectAccessible(page, 'Pro launch special checkout');

  // Apple Pay is the mobile app's: the notice, then the card form.
  await page.getByRole('button', { name: 'Apple Pay' }).click();
  await expect(page.getByTestId('toast')).toContainText('Apple Pay is available in the mobile app');
  await expect(page.getByTestId('checkout-charge')).toHaveText('You pay $2.99 today.');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  // A double click subscribes once.
  await page.getByRole('button', { name: 'Subscribe to Pro - $2.99 first month' }).dblclick();
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.getByTestId('toast')).toContainText('Welcome to Pro!');
  const state = await billing(page);
  expect(state).toMatchObject({ plan: 'pro', promoAvailable: false, subscription: { tier: 'pro', promo: true, status: 'active' } });

  // The promo is once per account: the page says so and offers regular Pro.
  await page.goto('/checkout-pro-promo');
  await expect(page.getByRole('heading', { name: 'You already have Pro' }).or(page.getByRole('heading', { name: 'You have already used the launch special' }))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with Card' })).toHaveCount(0);
});

test("a free rep finds the launch special from the locked Training page, chooses it, pays with the test card and has Pro at $2.99", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpOnboarded(page);

  // The locked page names the launch special, and its button leads to the plan chooser.
  await page.goto('/training');
  await expect(page.getByRole('heading', { name: 'Sales Training is a Pro feature' })).toBeVisible();
  await expect(page.getByTestId('promo-teaser')).toHaveText('Pro Launch Special: $2.99 your first month');
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);

  // The chooser: the launch special first, then Pro and Basic, each with its price.
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  const offers = page.getByTestId(/^offer-(proPromo|pro|basic)$/);
  await expect(offers).toHaveCount(3);
  expect(await offers.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid')))).toEqual(['offer-proPromo', 'offer-pro', 'offer-basic']);
  await expect(page.getByTestId('offer-price-proPromo')).toHaveText('$2.99 first month, then $4.99/month');
  await expect(page.getByTestId('offer-price-pro')).toHaveText('$4.99/month');
  await expect(page.getByTestId('offer-price-basic')).toHaveText('$0.99/month');
  await expectAccessible(page, 'plan chooser');
  await expectTapTargets(page, 'plan chooser');

  await page.getByRole('link', { name: 'Get Pro Launch Special' }).click();
  await expect(page).toHaveURL(/\/checkout-pro-promo$/);
  await expect(page.getByTestId('checkout-price')).toHaveText('$2.99 first month, then $4.99/month');
  await page.getByRole('button', { name: 'Pay with Card' }).click();
  await expect(page.getByTestId('checkout-charge')).toHaveText('You pay $2.99 today.');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Subscribe to Pro - \$2\.99 first month$/ }).click();
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.getByTestId('toast')).toContainText('Welcome to Pro!');
  await expect(page.getByRole('heading', { name: 'Sales Training', level: 2 })).toBeVisible();

  // Pro, bought at the launch price, and the special is spent: the chooser has nothing more to sell.
  const state = await billing(page);
  expect(state).toMatchObject({ plan: 'pro', promoAvailable: false, subscription: { tier: 'pro', promo: true, status: 'active', renewalPriceCents: 499 } });
  const exported = (await (await page.request.get('/api/account/export')).json()) as { payments: { amount: number; status: string }[] };
  expect(exported.payments.filter((p) => p.status === 'succeeded').map((p) => p.amount)).toEqual([299]);
  await page.goto('/upgrade');
  await expect(page.getByRole('heading', { name: 'You already have Pro' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Pro Launch Special' })).toHaveCount(0);
});

test('Pro cancelled from the account page stays Pro until the period ends, then is not', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpOnboarded(page);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  await page.getByRole('link', { name: 'Get Pro', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await payWithCard(page, '4242 4242 4242 4242', /^Subscribe to Pro - \$4\.99\/month$/);
  await expect(page).toHaveURL(/\/training$/);

  await page.goto('/account');
  await expect(page.getByTestId('plan-badge')).toHaveText('Pro Plan');
  await expect(page.getByTestId('subscription-date')).toContainText('Renews on');
  await expect(page.getByTestId('billing-terms')).toContainText("30 days' notice");
  await expectAccessible(page, 'account with Pro');

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toContainText('the end of the period you paid for');
  await expectAccessible(page, 'cancel dialog');
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('subscription-date')).toContainText('Access ends on');
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  await expect(page.getByTestId('plan-badge')).toHaveText('Pro Plan');
  await expectAccessible(page, 'account after cancelling');

  // Past the period end (32 days covers any month), Pro has ended. In two steps with a visit
  // between them: a session ends after 30 days without one.
  for (const days of [16, 16]) {
    await advanceClock(baseURL, days);
    await page.reload();
  }
  await expect(page.getByTestId('plan-badge')).toHaveText('Free Plan');
  await expect(page.getByTestId('plan-ended')).toHaveText(/^Your Pro plan ended on /);
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
  expect((await billing(page)).plan).toBe('free');
});
