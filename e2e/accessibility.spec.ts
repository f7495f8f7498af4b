import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectTapTargets, repProfile, signUpThroughUi, test } from './fixtures';

// A common phone: the size these pages must work at.
test.use({ viewport: { width: 390, height: 844 } });

const profile = repProfile;

/** Waits for the page's H1 (the route has rendered), then checks it with axe. */
async function check(page: Page, name: string, h1: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
  await expectAccessible(page, name);
}

test('every page a signed-out visitor can open passes axe, with one H1 and a tab title naming it', async ({ page }) => {
  test.setTimeout(60_000);
  const pages: [path: string, h1: string | RegExp, title: string][] = [
    ['/', 'SalesCoach', 'Welcome · SalesCoach'],
    ['/home', 'SalesCoach', 'Home · SalesCoach'],
    ['/auth', 'Welcome Back', 'Sign In · SalesCoach'],
    ['/auth?mode=signup', 'Create Account', 'Create Account · SalesCoach'],
    ['/signup', 'Create Account', 'Create Account · SalesCoach'],
    ['/privacy-policy', 'Privacy Policy', 'Privacy Policy · SalesCoach'],
    ['/terms-of-service', 'Terms of Service', 'Terms of Service · SalesCoach'],
    ['/downloads', 'Get the App', 'Get the App · SalesCoach'],
    ['/no-such-page', 'Page Not Found', 'Page Not Found · SalesCoach'],
  ];
  for (const [path, h1, title] of pages) {
    await page.goto(path);
    await check(page, path, h1);
    await expect(page).toHaveTitle(title);
  }
  for (const path of ['/home', '/auth', '/auth?mode=signup']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await expectTapTargets(page, path);
  }
});

test('every page of a new rep’s way in passes axe: onboarding, tutorial, chat and account', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpThroughUi(page);
  await check(page, 'onboarding: age', 'Set Up Your Profile');
  await expectTapTargets(page, 'onboarding: age');

  // Each step once, including its error state (the message under the field).
  await page.getByLabel('Age').fill('15');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#onboarding-age-error')).toBeVisible();
  await expectAccessible(page, 'onboarding: age, invalid');
  await page.getByLabel('Age').fill('36');
  await page.getByRole('button', { name: 'Next' }).click();
  const answers: [label: string, value: string][][] = [
    [['City', 'Denver'], ['State', 'CO']],
    [],
    [["Last month's commission/bonus ($)", '4000'], ["This month's target ($)", '7000']],
    [['What do you struggle with most?', 'Price objections right at the close.']],
    [['Industry', 'B2B software']],
    [['Product or service', 'Scheduling software']],
  ];
  for (const [i, fields] of answers.entries()) {
    await expect(page.getByText(`Step ${i + 2} of 7`)).toBeVisible();
    await expectAccessible(page, `onboarding: step ${i + 2}`);
    await expectTapTargets(page, `onboarding: step ${i + 2}`);
    if (fields.length === 0) await page.getByLabel('3-5 years').check();
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: i === answers.length - 1 ? 'Complete Setup' : 'Next' }).click();
  }

  await expect(page).toHaveURL(/\/tutorial$/);
  await check(page, 'tutorial', 'Tutorial');

  await page.goto('/chat');
  const welcome = page.getByRole('dialog', { name: /^Welcome to / });
  await expect(welcome).toBeVisible();
  await expectAccessible(page, 'chat with its welcome dialog');
  await welcome.getByRole('button', { name: 'Start Free Coaching' }).click();
  await expect(welcome).toBeHidden();
  await check(page, 'chat', 'AI Sales Coach');

  await page.goto('/account');
  await check(page, 'account', 'Account Settings');
  for (const section of ['Sales profile', 'Email', 'Password']) await page.locator('summary').filter({ hasText: section }).click();
  await expectAccessible(page, 'account, every section open');
  await expectTapTargets(page, 'account, every section open');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  await expectAccessible(page, 'account: delete dialog');
  await page.keyboard.press('Escape');

  // A signed-in rep's landing page forwards them to the coach.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/chat$/);
});

test('the keyboard focus ring is a solid dark outline on the primary button and on links', async ({ page }) => {
  await page.goto('/');
  const primary = page.getByRole('link', { name: 'Log In or Sign Up' });
  // The app draws the page in a render that yields (main.tsx), which may end after the load event.
  await expect(primary).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(primary).toBeFocused();
  const ring = await primary.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: s.outlineWidth, color: s.outlineColor };
  });
  // blue-900 on the white page around the button: over 10:1.
  expect(ring.style).toBe('solid');
  expect(parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
  expect(ring.color).not.toMatch(/rgba?\(255, 255, 255/);

  await page.goto('/auth');
  await page.getByLabel('Email or username').focus();
  await page.keyboard.press('Shift+Tab');
  const back = page.getByRole('link', { name: 'Back' });
  await expect(back).toBeFocused();
  expect(await back.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
});

test('the tutorial’s recorded walkthrough is worked by keyboard, its image described by its caption', async ({ page }) => {
  await signUpThroughUi(page);
  expect((await page.request.post('/api/onboarding', { data: profile })).ok()).toBe(true);
  // Reduced motion: the walkthrough waits for the user instead of playing by itself.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/tutorial');
  const demo = page.getByTestId('demo-walkthrough');
  await expect(demo).toContainText('Recorded in the app · Step 1 of');
  await expect(demo).not.toContainText('not available');
  const caption = page.getByTestId('demo-caption');
  const first = await caption.innerText();
  await expect(demo.getByRole('img')).toHaveAccessibleName(first);
  await expectTapTargets(page, 'tutorial with its walkthrough');

  const next = demo.getByRole('button', { name: 'Next' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(demo).toContainText('Step 2 of');
  await expect(caption).not.toHaveText(first);
  await expect(demo.getByRole('img')).toHaveAccessibleName(await caption.innerText());
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(demo.getByRole('button', { name: 'Previous' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(caption).toHaveText(first);
});
