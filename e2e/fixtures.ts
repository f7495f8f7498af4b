import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, request as apiRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CHAT_WELCOME_SEEN_COOKIE } from '#shared/chat-welcome';
import { dataDirNoteFor } from './data-dir-note.mjs';

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

/** The onboarding answers the journeys give a rep they onboard through the API. */
export const repProfile = {
  age: 36,
  city: 'Denver',
  state: 'CO',
  salesExperience: '3-5 years',
  currentIncome: 4000,
  targetIncome: 7000,
  biggestStruggle: 'Price objections right at the close.',
  industry: 'B2B software',
  product: 'Scheduling software',
};

/** As if this browser had closed the chat's first-visit welcome already (its cookie, which the server reads too). */
/**
 * Sends `text` from the chat's message box and waits until the coach's reply is stored (the
 * header's buttons wait while a reply is written: enabled again means it is). The reply.
 */
export function chatSayer(page: Page): (text: string) => Promise<Locator> {
  const box = page.getByLabel('Message', { exact: true });
  const newChat = page.getByRole('button', { name: 'New Chat' });
  const coach = page.getByTestId('coach-message');
  return async (text) => {
    const before = await coach.count();
    await box.fill(text);
    await box.press('Enter');
    await expect(coach).toHaveCount(before + 1);
    await expect(newChat).toBeEnabled();
    return coach.last();
  };
}

export async function skipChatWelcome(page: Page): Promise<void> {
  await page.context().addCookies([{ name: CHAT_WELCOME_SEEN_COOKIE, value: '1', domain: '127.0.0.1', path: '/' }]);
}

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

/** Signed up and onboarded, as a rep who pays from the app is: paying before onboarding leads to onboarding (return-after-sign-in.spec.ts). */
export async function signUpOnboarded(page: Page, account = newAccount()) {
  await signUpThroughUi(page, account);
  expect((await page.request.post('/api/onboarding', { data: repProfile })).ok()).toBe(true);
  return account;
}

export async function signInThroughUi(page: Page, emailOrUsername: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email or username').fill(emailOrUsername);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The axe impacts that fail a journey; "minor" and "moderate" findings are printed only. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA rules plus axe's best practices) on the page as it is now
 * and fails on any serious or critical violation, listing each rule, its help page and the
 * elements it found, so the failure says what to fix. It also requires exactly one H1, which
 * axe alone does not check (it only wants at least one). `name` labels the report.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // Let a toast's or a page's entry animation finish, so colours are measured as the user sees them.
  await page.waitForTimeout(350);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const describe = (list: typeof results.violations) =>
    list
      .map((v) => {
        const nodes = v.nodes.map((n) => `      ${n.target.join(' ')}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`).join('\n');
        return `  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
      })
      .join('\n');
  const blocking = results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
  const minor = results.violations.filter((v) => !BLOCKING_IMPACTS.has(v.impact ?? ''));
  if (minor.length) console.log(`axe on ${name}: ${minor.length} minor or moderate finding(s)\n${describe(minor)}`);
  expect(blocking.length, `axe on ${name} (${page.url()}): serious or critical violations\n${describe(blocking)}`).toBe(0);
  const h1s = await page.locator('h1').allInnerTexts();
  expect(h1s, `${name} (${page.url()}) should have exactly one H1`).toHaveLength(1);
}

/**
 * Every button, link and form control inside `scope` is at least 44 px tall, the size a thumb
 * hits reliably (WCAG 2.5.5). Links inside running text are exempt, as WCAG exempts them.
 */
export async function expectTapTargets(page: Page, name: string, scope = 'main'): Promise<void> {
  const small = await page.locator(scope).evaluate((root) => {
    const controls = root.querySelectorAll<HTMLElement>('a[href], button, input:not([type=radio]):not([type=checkbox]), select, textarea, summary');
    const found: string[] = [];
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const inline = el.tagName === 'A' && el.parentElement?.closest('p') !== null && getComputedStyle(el).display === 'inline';
      if (!inline && box.height < 43.5) found.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" is ${Math.round(box.height)} px tall`);
    }
    return found;
  });
  expect(small, `tap targets under 44 px on ${name}`).toEqual([]);
}

/**
 * Makes an account an admin the way an operator does (product §12): `npm run admin -- grant`,
 * against the database of the app the journeys run on (its DATA_DIR, noted by e2e/serve.mjs).
 */
export function grantAdmin(usernameOrEmail: string, port = Number(process.env.E2E_PORT ?? 5055)): string {
  const dataDir = fs.readFileSync(dataDirNoteFor(port), 'utf8');
  return execFileSync('npm', ['run', '-s', 'admin', '--', 'grant', usernameOrEmail], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
}

/** Per app (its base URL): the admin who moves its clock, signed in and unlocked once (the unlock moves with the clock). */
const clockAdmins = new Map<string, Promise<APIRequestContext>>();

async function clockAdminFor(baseURL: string): Promise<APIRequestContext> {
  const context = await apiRequest.newContext({ baseURL });
  const account = newAccount();
  const signedUp = await context.post('/api/auth/signup', { data: account });
  if (signedUp.status() !== 201) throw new Error(`clock admin sign-up: ${signedUp.status()} ${await signedUp.text()}`);
  grantAdmin(account.username, Number(new URL(baseURL).port));
  const unlocked = await context.post('/api/admin/unlock', { data: { secret: account.password } });
  if (!unlocked.ok()) throw new Error(`clock admin unlock: ${unlocked.status()} ${await unlocked.text()}`);
  return context;
}

/**
 * Moves the app's clock forward by whole days and runs the sandbox's renewals (POST
 * /api/sandbox/advance-clock; e2e/serve.mjs sets SANDBOX_TEST_CLOCK=1). Only an admin with the
 * panel unlocked may: an account of its own, made an admin with the CLI as an operator does, in a
 * request context of its own, so the journey's own browser stays signed in as who it was.
 */
export async function advanceClock(baseURL: string, days: number): Promise<void> {
  let admin = clockAdmins.get(baseURL);
  if (!admin) {
    admin = clockAdminFor(baseURL);
    clockAdmins.set(baseURL, admin);
    admin.catch(() => clockAdmins.delete(baseURL));
  }
  const moved = await (await admin).post('/api/sandbox/advance-clock', { data: { days } });
  expect(moved.ok(), `advance-clock: ${moved.status()} ${await moved.text()}`).toBe(true);
}

/**
 * The built file of a source module, from the build's Vite manifest: chunks are named by their
 * hash alone (vite.config.ts), so a journey that watches for one chunk asks the manifest for it.
 */
export function builtChunkOf(source: string): string {
  const manifest = JSON.parse(fs.readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const file = manifest[source]?.file;
  if (!file) throw new Error(`${source} is not a chunk of the build`);
  return file;
}

/** Where the journeys write the screenshots a person looks at. */
export const SCREENSHOTS = 'test-results/screenshots';

/**
 * Full-page screenshots of what is on screen at the phone and desktop widths, named
 * `<feature>-<name>-<w>x<h>.png`, then back to the phone width the journeys run at.
 */
export async function screenshotsAtBothWidths(page: Page, feature: string, name: string): Promise<void> {
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SCREENSHOTS}/${feature}-${name}-${w}x${h}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/**
 * From a Pro upgrade page's 'Upgrade to Pro' link: chooses Pro at its full price in the plan
 * chooser (/upgrade), pays it in the sandbox checkout with its test card that succeeds, and waits
 * for 'Welcome to Pro!'.
 */
export async function upgradeToProWithTestCard(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  await page.getByRole('link', { name: 'Get Pro', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'Pay with Card' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Subscribe to Pro - \$4\.99\/month$/ }).click();
  await expect(page.getByTestId('toast')).toContainText('Welcome to Pro!');
}
