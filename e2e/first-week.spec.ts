import { expect, screenshotsAtBothWidths, signUpOnboarded, signUpThroughUi, skipChatWelcome, test } from './fixtures';

// A newcomer's first week (issue #25): what a new rep walking through the app met.

test('choosing an experience by keyboard and going on leaves focus on the next step, not the top of the page', async ({ page }) => {
  await signUpThroughUi(page);
  await page.goto('/onboarding/age');
  await page.getByLabel('Age').fill('34');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'How long have you been in sales?' })).toBeVisible();
  await page.getByRole('radio').first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio').nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/onboarding\/income$/);
  await expect(page.getByRole('heading', { name: 'Your commission and your goal' })).toBeFocused();
});

test('an onboarded rep who reopens a step is sent home to the coach', async ({ page }) => {
  await skipChatWelcome(page);
  await signUpOnboarded(page);
  await page.goto('/onboarding/age');
  await expect(page).toHaveURL(/\/chat$/);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the header's column lines up with the page's, and the chat's bar shows the logo", async ({ page }) => {
    await skipChatWelcome(page);
    await signUpOnboarded(page);
    for (const path of ['/account', '/chat', '/feedback']) {
      await page.goto(path);
      // The page itself, not the loading line that stands in for it until it shows.
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      const column = page.locator('main > *').first();
      await expect(column).toBeVisible();
      const header = await page.locator('header.sticky > div').boundingBox();
      const content = await column.boundingBox();
      expect(header && content && Math.round(header.x), `header column on ${path}`).toBe(content && Math.round(content.x));
      expect(header && content && Math.round(header.width), `header width on ${path}`).toBe(content && Math.round(content.width));
    }
    await page.goto('/chat');
    await expect(page.locator('header img[src="/icons/icon.svg"]')).toBeVisible();
  });
});

test("a friend's referral link opens a sign-up that says a friend sent it, and promises no reward for the newcomer", async ({ page, browser }) => {
  const friend = await browser.newContext();
  const friendPage = await friend.newPage();
  await signUpOnboarded(friendPage);
  const { link } = (await (await friendPage.request.get('/api/referral')).json()) as { link: string };
  await friend.close();
  // A path unless the server has a PUBLIC_URL.
  const url = new URL(link, 'http://placeholder.invalid');
  await page.goto(url.pathname + url.search);
  const note = page.getByTestId('referral-note');
  await expect(note).toContainText('A friend invited you.');
  await expect(note).not.toContainText(/you both|you get/i);
});

test("on a phone the chat's title and plan line are whole: the logo gives way", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await skipChatWelcome(page);
  await signUpOnboarded(page);
  await page.goto('/chat');
  await expect(page.locator('header img[src="/icons/icon.svg"]')).toBeHidden();
  const title = page.locator('header h1');
  await expect(title).toHaveText('AI Sales Coach');
  // Truncated, the title's text is wider than its box ("AI Sales Co…").
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

test('the welcome page says what a free account gets, with the trial this app runs', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Free for 60 days: unlimited AI coaching, no credit card. After that, 1 AI coaching chat every 7 days stays free.')).toBeVisible();
});

test('without a trial, the welcome page offers the free weekly chat and no unlimited coaching', async ({ page }) => {
  // The app without a trial (TRIAL_DAYS=0, playwright.config.ts).
  await page.goto(`http://127.0.0.1:${Number(process.env.E2E_PORT ?? 5055) + 1}/`);
  await expect(page.getByText('Free to start: 1 AI coaching chat every 7 days, no credit card.')).toBeVisible();
  await expect(page.getByText(/unlimited/i)).toHaveCount(0);
});

test('a sign-up link whose code no account has says nothing of a friend', async ({ page }) => {
  const checked = page.waitForResponse((res) => res.url().includes('/api/referral/codes/NOSUCHCODE'));
  await page.goto('/auth?mode=signup&ref=NOSUCHCODE');
  expect(await (await checked).json()).toEqual({ valid: false });
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByTestId('referral-note')).toHaveCount(0);
});

test('a legal question gets a plain "I can\'t advise on that", no "Tried it?", and goes to the coaching team on a tap', async ({ page }) => {
  await skipChatWelcome(page);
  await signUpOnboarded(page);
  await page.goto('/chat');
  const box = page.getByLabel('Message', { exact: true });
  const coach = page.getByTestId('coach-message');
  await box.fill('Is a two-year Ohio-wide non-compete enforceable?');
  await box.press('Enter');
  await expect(coach.last()).toContainText("I can't advise on that: it's a legal question");
  await expect(coach.last()).not.toContainText('Method:');
  await expect(page.getByRole('button', { name: /^Tried it\?/ })).toHaveCount(0);
  await screenshotsAtBothWidths(page, 'first-week', 'cannot-advise');
  await page.getByRole('button', { name: 'Pass this to the coaching team' }).click();
  await expect(coach.last()).toContainText('asked a person from our coaching team');
  await screenshotsAtBothWidths(page, 'first-week', 'passed-to-team');
});
