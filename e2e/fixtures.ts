import { test as base, expect, type Page } from '@playwright/test';

interface ConsoleGuard {
  /** Declares a console error this test expects (such as the browser's note of a deliberate 401). */
  allow: (pattern: RegExp) => void;
}

/**
 * Every journey fails on a console error or an uncaught page error, unless the test said it
 * expected that error.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        if (!allowed.some((re) => re.test(text))) problems.push(`console error: ${text}`);
      });
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      await use({ allow: (re) => allowed.push(re) });
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let seq = 0;
export function newAccount() {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  return { username: `rep_${tag}`, email: `rep_${tag}@example.com`, password: 'Closing-Time-2026' };
}

export async function signUpThroughUi(page: Page, account = newAccount()) {
  await page.goto('/signup');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/onboarding/);
  return account;
}

export async function signInThroughUi(page: Page, emailOrUsername: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email or username').fill(emailOrUsername);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
