import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { PostDetail } from '#shared/schemas/community';
import { expect, expectAccessible, grantAdmin, newAccount, repProfile, screenshotsAtBothWidths, test } from './fixtures';

/*
 * Issue #25, item 13: what a newcomer and the moderators met in the forum. An admin pins a post
 * from its page and it leads the list, labelled; each sort or category is a step Back can undo;
 * the moderation list names categories as the forum does; a post a moderator hid still opens for
 * its author, with why, and for no one else. On the app with no trial (port + 1), as
 * community.spec.ts: members pay for Pro through the sandbox.
 */
const port = Number(process.env.E2E_PORT ?? 5055) + 1;
const baseURL = `http://127.0.0.1:${port}`;
test.use({ baseURL, viewport: { width: 390, height: 844 } });

/** Pays for Pro through the sandbox as the checkout page does: create, pay with 4242, report it. */
async function buyPro(request: APIRequestContext) {
  const created = await (await request.post('/api/create-pro-subscription', { data: { attemptId: randomUUID() } })).json();
  const paid = await request.post('/api/sandbox/confirm-payment', { data: { clientSecret: created.clientSecret, card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } } });
  expect(paid.ok()).toBe(true);
  expect((await request.post('/api/payment-success', { data: { subscriptionId: created.subscriptionId } })).ok()).toBe(true);
}

/** Signs `page`'s browser up as a new, onboarded rep; Pro unless `pro` is false (an admin needs no plan). */
async function join(page: Page, pro = true) {
  const account = newAccount();
  expect((await page.request.post('/api/auth/signup', { data: account })).status()).toBe(201);
  expect((await page.request.post('/api/onboarding', { data: repProfile })).ok()).toBe(true);
  if (pro) await buyPro(page.request);
  return account;
}

/** Another person in a browser of their own; any console error they hit, but those `allowed`, fails the test. */
async function otherPerson(browser: Browser, problems: string[], allowed: RegExp[] = []) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  page.on('console', (m) => void (m.type() === 'error' && !allowed.some((re) => re.test(m.text())) && problems.push(m.text())));
  page.on('pageerror', (e) => problems.push(e.message));
  return { page, close: () => context.close() };
}

/** An admin made with the CLI, as an operator does, who has unlocked the panel through its form. */
async function unlockedAdmin(page: Page) {
  const account = await join(page, false);
  grantAdmin(account.username, port);
  await page.goto('/admin');
  await page.getByLabel('Your password').fill(account.password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('tab', { name: 'Moderation' })).toBeVisible();
  return account;
}

async function post(request: APIRequestContext, title: string, category = 'general') {
  const res = await request.post('/api/community/posts', { data: { title, content: `About ${title}.\nWhat would you do?`, category } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as PostDetail).id;
}

const cards = (page: Page) => page.getByTestId('post-list').getByTestId('post-card');

test('an admin pins a post from its page: it leads every sort, labelled Pinned, until unpinned', async ({ page, browser, consoleGuard }) => {
  test.setTimeout(90_000);
  const problems: string[] = [];
  const member = await otherPerson(browser, problems);
  await join(member.page);
  const stamp = Date.now().toString(36);
  const older = `Our team's rules of the forum ${stamp}`;
  const olderId = await post(member.page.request, older);
  await post(member.page.request, `A newer question ${stamp}`);

  // Newest first, the older post is not at the top before the pin.
  await member.page.goto('/community?sort=new');
  await expect(cards(member.page).first()).not.toContainText(older);

  // The pin routes live in the admin scope: before the unlock, the refusal shows under the button, with the way to the unlock.
  const account = await join(page, false);
  grantAdmin(account.username, port);
  consoleGuard.allow(/status of 403/);
  await page.goto(`/community/post/${olderId}`);
  await page.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('The admin panel is locked. Unlock it to continue.');
  await page.getByRole('alert').getByRole('link', { name: 'Open the admin panel' }).click();
  await page.getByLabel('Your password').fill(account.password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('tab', { name: 'Moderation' })).toBeVisible();

  await page.goto(`/community/post/${olderId}`);
  await page.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Post pinned');
  await expect(page.getByRole('button', { name: 'Unpin', exact: true })).toBeVisible();
  await expect(page.getByText('Pinned', { exact: true })).toBeVisible();
  await screenshotsAtBothWidths(page, 'community', 'post-pinned-admin');

  // Members see it first in New and in Top, with its label.
  for (const sort of ['new', 'top']) {
    await member.page.goto(`/community?sort=${sort}`);
    await expect(cards(member.page).first()).toContainText(older);
    await expect(cards(member.page).first().getByText('Pinned', { exact: true })).toBeVisible();
  }
  await screenshotsAtBothWidths(member.page, 'community', 'list-pinned');

  // Unpinned, it goes back to its place.
  await page.getByRole('button', { name: 'Unpin', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Post unpinned');
  await expect(page.getByRole('button', { name: 'Pin', exact: true })).toBeVisible();
  await member.page.goto('/community?sort=new');
  await expect(cards(member.page).first()).not.toContainText(older);
  await expect(member.page.getByTestId('post-list').getByText('Pinned', { exact: true })).toHaveCount(0);

  // A member has no Pin control at all.
  await member.page.goto(`/community/post/${olderId}`);
  await expect(member.page.getByTestId('post-title')).toHaveText(older);
  await expect(member.page.getByRole('button', { name: 'Pin', exact: true })).toHaveCount(0);

  await member.close();
  expect(problems).toEqual([]);
});

test('each sort and category is a history entry: Back returns to the previous view, and leaves the forum last', async ({ page }) => {
  await join(page);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('link', { name: 'Community' }).click();
  await expect(page).toHaveURL(/\/community$/);
  const pressed = (name: string) => expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
  const heading = page.getByRole('heading', { name: /^Recent Discussions/ });
  await pressed('Hot');

  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(/\/community\?sort=new$/);
  await page.getByRole('button', { name: 'Top', exact: true }).click();
  await expect(page).toHaveURL(/\/community\?sort=top$/);
  await page.getByRole('button', { name: /^Objections/ }).click();
  await expect(page).toHaveURL(/\/community\?sort=top&category=objections$/);
  await expect(heading).toHaveText('Recent Discussions in Objections');
  // Choosing the view already shown is no new step.
  await page.getByRole('button', { name: 'Top', exact: true }).click();

  await page.goBack();
  await expect(page).toHaveURL(/\/community\?sort=top$/);
  await pressed('Top');
  await expect(heading).toHaveText('Recent Discussions');
  await page.goBack();
  await expect(page).toHaveURL(/\/community\?sort=new$/);
  await pressed('New');
  await page.goBack();
  await expect(page).toHaveURL(/\/community$/);
  await pressed('Hot');
  await page.goBack();
  await expect(page).toHaveURL(/\/account$/);
  // And Forward walks them again.
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/\/community\?sort=new$/);
  await pressed('New');
});

test("the moderation list names categories as the forum does; a hidden post opens for its author alone, saying why", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const problems: string[] = [];
  const author = await otherPerson(browser, problems);
  await join(author.page);
  // The reader asks for the hidden post and is refused: the browser notes that 404, expected here.
  const reader = await otherPerson(browser, problems, [/status of 404/]);
  await join(reader.page);
  const stamp = Date.now().toString(36);
  const crmTitle = `Which CRM for a team of five ${stamp}`;
  const objectionTitle = `Buy my course on objections ${stamp}`;
  const crmId = await post(author.page.request, crmTitle, 'crm');
  const objectionId = await post(author.page.request, objectionTitle, 'objections');
  for (const id of [crmId, objectionId]) {
    expect((await reader.page.request.post(`/api/community/posts/${id}/report`, { data: { reason: 'Spam' } })).ok()).toBe(true);
  }

  await unlockedAdmin(page);
  await page.getByRole('tab', { name: 'Moderation' }).click();
  const crmCard = page.getByTestId(`moderation-post-${crmId}`);
  const objectionCard = page.getByTestId(`moderation-post-${objectionId}`);
  await expect(crmCard.getByText('CRM & Tools', { exact: true })).toBeVisible();
  await expect(crmCard.getByText('crm', { exact: true })).toHaveCount(0);
  await expect(objectionCard.getByText('Objections', { exact: true })).toBeVisible();
  await expect(objectionCard.getByText('objections', { exact: true })).toHaveCount(0);
  await screenshotsAtBothWidths(page, 'admin', 'moderation-labels');

  await objectionCard.getByRole('button', { name: 'Hide post' }).click();
  await page.getByRole('dialog', { name: 'Hide this post?' }).getByRole('button', { name: 'Hide post' }).click();
  await expect(page.getByTestId('toast')).toContainText('Post hidden');

  // Its author, following their link: the post, and what happened to it.
  await author.page.goto(`/community/post/${objectionId}`);
  await expect(author.page.getByTestId('post-title')).toHaveText(objectionTitle);
  await expect(author.page.getByTestId('hidden-notice')).toContainText('This post was hidden by a moderator.');
  await expect(author.page.getByTestId('hidden-notice')).toContainText('Only you can see it');
  await expectAccessible(author.page, 'hidden post, seen by its author');
  await expect(author.page.getByRole('heading', { name: 'Post not found' })).toHaveCount(0);
  // Nothing to do on it but read: no edit, delete or reply box.
  await expect(author.page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(author.page.getByLabel('Your reply')).toHaveCount(0);
  await screenshotsAtBothWidths(author.page, 'community', 'post-hidden-author');

  // Anyone else: not found, and nothing of it.
  await reader.page.goto(`/community/post/${objectionId}`);
  await expect(reader.page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
  await expect(reader.page.getByText(objectionTitle)).toHaveCount(0);

  await Promise.all([author.close(), reader.close()]);
  expect(problems).toEqual([]);
});
