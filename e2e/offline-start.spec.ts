import type { Page } from '@playwright/test';
import { builtChunkOf, expect, expectAccessible, signUpOnboarded, skipChatWelcome, test } from './fixtures';

/**
 * Issue #25, item 11: a start with no network or a slow one. Reloading offline says why the page
 * cannot show and offers Retry; the network coming back brings the chat without a reload; a slow
 * first /chat paints the app's header and a placeholder before its scripts have arrived, and the
 * placeholder stays, with the header's title in place, until the page shows.
 */

test('an offline reload of /chat offers Retry, and the network coming back brings the chat without a reload', async ({ page, consoleGuard }) => {
  // The browser's notes of the requests the missing network failed.
  consoleGuard.allow(/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  await signUpOnboarded(page);
  await skipChatWelcome(page);
  await page.goto('/chat');
  await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
  // The service worker (registered once the page is idle) is what opens the app offline.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('We could not confirm that you are signed in');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectAccessible(page, 'offline start with Retry');

  // Marks this document: a reload would lose the mark.
  await page.evaluate(() => document.documentElement.setAttribute('data-not-reloaded', ''));
  await page.context().setOffline(false);
  await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('html[data-not-reloaded]')).toHaveCount(1);
});

test('Retry reads the session again after a failed read, and the chat opens', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource|ERR_FAILED|Failed to fetch/);
  await signUpOnboarded(page);
  await skipChatWelcome(page);
  await page.route('**/api/auth/session', (route) => route.abort());
  await page.goto('/chat');
  await expect(page.getByRole('alert')).toContainText('We could not confirm that you are signed in');
  await page.unroute('**/api/auth/session');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

// The worker, installed by the sign-up's pages, would fetch the held script itself, out of the route's reach.
test.describe(() => {
  test.use({ serviceWorkers: 'block' });
  test('a slow first /chat paints the header and "Loading your coach…" before its scripts arrive', async ({ page }) => {
    await signUpOnboarded(page);
    await skipChatWelcome(page);
    // A fresh tab whose first chunk is held, as on a slow phone network.
    const fresh = await page.context().newPage();
    const entry = `/${builtChunkOf('index.html')}`;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await fresh.route(`**${entry}`, async (route) => {
      await held;
      await route.continue();
    });
    await fresh.goto('/chat', { waitUntil: 'commit' });
    await expect(fresh.getByRole('status')).toHaveText('Loading your coach…');
    await expect(fresh.getByText('AI Sales Coach')).toBeVisible();
    const header = await fresh.locator('header').boundingBox();
    release();
    await expect(fresh.getByLabel('Message', { exact: true })).toBeVisible();
    await expect(fresh.getByText('Loading your coach…')).toHaveCount(0);
    // The app's header sits where the painted one was: nothing jumps when the app takes over.
    expect(await fresh.locator('header').boundingBox()).toEqual(header);
    await fresh.close();
  });

  // The app's first render replaces the painted root; the line stays, as the app's own, until the
  // page shows, and goes then: on /chat too, whose page draws into the header's slots (issue #25).
  for (const { path, title, shown, ownBar } of [
    // The chat's own bar then puts its logo before the title and its status under it, which moves
    // the title once the chat shows; a page with no bar of its own keeps it where it was painted.
    { path: '/chat', title: 'AI Sales Coach', shown: (page: Page) => page.getByLabel('Message', { exact: true }), ownBar: true },
    { path: '/account', title: 'Account Settings', shown: (page: Page) => page.getByTestId('account-username'), ownBar: false },
  ]) {
    test(`${path}: "Loading your coach…" stays until the page shows, and the app takes over the header with its title in place`, async ({ page }) => {
      await signUpOnboarded(page);
      await skipChatWelcome(page);
      const fresh = await page.context().newPage();
      // The session's answer is held, as on a slow network: the app has rendered by the time it is asked for.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = () => {};
      const sessionAsked = new Promise<void>((resolve) => (asked = resolve));
      await fresh.route('**/api/auth/session', async (route) => {
        asked();
        await held;
        await route.continue();
      });
      const titleAt = async () => {
        const box = await fresh.locator('header').getByText(title, { exact: true }).boundingBox();
        return box && { x: box.x, y: box.y };
      };
      // The app's script is held too until the painted title has been measured: otherwise the app
      // may replace it between finding it and measuring it.
      let start = () => {};
      const scriptHeld = new Promise<void>((resolve) => (start = resolve));
      const entry = `/${builtChunkOf('index.html')}`;
      await fresh.route(`**${entry}`, async (route) => {
        await scriptHeld;
        await route.continue();
      });
      await fresh.goto(path, { waitUntil: 'commit' });
      await expect(fresh.locator('header').getByText(title, { exact: true })).toBeVisible();
      const painted = await titleAt();
      expect(painted).not.toBeNull();
      start();
      await sessionAsked;
      await expect(fresh.getByRole('status')).toHaveText('Loading your coach…');
      // The app's own header now, its h1 where the painted title was.
      await expect(fresh.locator('header h1')).toHaveText(title);
      expect(await titleAt()).toEqual(painted);
      release();
      await expect(shown(fresh)).toBeVisible();
      await expect(fresh.getByText('Loading your coach…')).toHaveCount(0);
      if (!ownBar) expect(await titleAt()).toEqual(painted);
      await fresh.close();
    });
  }
});

test('a signed-out visitor to /chat is not told their coach is loading', async ({ page }) => {
  const entry = `/${builtChunkOf('index.html')}`;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${entry}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/chat', { waitUntil: 'commit' });
  await expect(page.getByRole('status')).toHaveText('Loading…');
  await expect(page.getByText('Loading your coach')).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/\/auth/);
});
