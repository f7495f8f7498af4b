import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { PostDetail, Reply } from '#shared/schemas/community';
import type { ModerationQueue } from '#shared/schemas/moderation';
import { expect, expectAccessible, expectTapTargets, grantAdmin, newAccount, screenshotsAtBothWidths, test } from './fixtures';

/*
 * Reported replies (the safety gap left by issues #15/#16): a Pro member reports another member's
 * reply from the post page, an unlocked admin hides it from the Moderation tab, and it is gone
 * for members, the post's reply count with it. Against the app with no trial (port + 1), so
 * Pro is bought through the sandbox.
 */
const port = Number(process.env.E2E_PORT ?? 5055) + 1;
const baseURL = `http://127.0.0.1:${port}`;
test.use({ baseURL, viewport: { width: 390, height: 844 } });

const XSS = '<img src=x onerror=alert(1)>';

/** Closes the toast on screen so the screenshots show the page under it. */
async function closeToast(page: Page) {
  const toast = page.getByTestId('toast');
  if ((await toast.count()) === 0) return;
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
}

async function buyPro(request: APIRequestContext) {
  const created = await (await request.post('/api/create-pro-subscription', { data: { attemptId: randomUUID() } })).json();
  const paid = await request.post('/api/sandbox/confirm-payment', { data: { clientSecret: created.clientSecret, card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } } });
  expect(paid.ok()).toBe(true);
  expect((await request.post('/api/payment-success', { data: { subscriptionId: created.subscriptionId } })).ok()).toBe(true);
}

/** Another person in a browser of their own; any console error they hit fails the test too. */
async function member(browser: Browser, problems: string[], pro: boolean) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  page.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
  page.on('pageerror', (e) => problems.push(e.message));
  const account = newAccount();
  expect((await page.request.post('/api/auth/signup', { data: account })).status()).toBe(201);
  if (pro) await buyPro(page.request);
  return { page, account, close: () => context.close() };
}

test('a Pro member reports a reply from the post page; an unlocked admin hides it; it is gone for members and the count drops', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];

  // Alice posts; Bob replies with spam (markup in it); Alice replies too.
  const alice = newAccount();
  expect((await page.request.post('/api/auth/signup', { data: alice })).status()).toBe(201);
  await buyPro(page.request);
  const bob = await member(browser, problems, true);
  const stamp = Date.now().toString(36);
  const title = `Discovery questions that work ${stamp}`;
  const created = await page.request.post('/api/community/posts', { data: { title, content: 'Which question opens people up?', category: 'prospecting' } });
  expect(created.status()).toBe(201);
  const postId = ((await created.json()) as PostDetail).id;
  const spam = `Buy my closing course at spam.example ${XSS}`;
  const bobReply = (await (await bob.page.request.post(`/api/community/posts/${postId}/replies`, { data: { content: spam } })).json()) as Reply;
  expect((await page.request.post(`/api/community/posts/${postId}/replies`, { data: { content: 'Ask what made them take the call today.' } })).status()).toBe(201);

  // Alice reports Bob's reply from the post page; her own reply has no Report.
  await page.goto(`/community/post/${postId}`);
  await expect(page.getByTestId('replies-heading')).toHaveText('2 Replies');
  const replies = page.getByTestId('reply');
  await expect(replies).toHaveCount(2);
  await expect(replies.nth(0)).toContainText(spam);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  await expect(replies.nth(1).getByRole('button', { name: /Report/ })).toHaveCount(0);
  await expectAccessible(page, 'post page with replies');
  await expectTapTargets(page, 'post page with replies');
  await replies.nth(0).getByRole('button', { name: `Report ${bob.account.username}'s reply` }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this reply?' });
  await dialog.getByLabel('Reason (optional)').fill('Advertising in the replies');
  await expectAccessible(page, 'report reply dialog');
  await dialog.getByRole('button', { name: 'Report reply' }).click();
  await expect(page.getByTestId('toast')).toContainText('Content Reported');
  await expect(page.getByTestId('toast')).toContainText('A moderator will review this reply.');
  await expect(replies.nth(0).getByRole('button', { name: `Reported ${bob.account.username}'s reply` })).toBeDisabled();
  await closeToast(page);
  await screenshotsAtBothWidths(page, 'community-replies', 'post-reported');
  // Reloaded, the page still says so (reportedByMe from the server).
  await page.reload();
  await expect(page.getByTestId('reply').nth(0).getByRole('button', { name: `Reported ${bob.account.username}'s reply` })).toBeDisabled();

  // An admin (granted with the CLI) unlocks the panel and finds it under Reported replies.
  const admin = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const adminPage = await admin.newPage();
  adminPage.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
  adminPage.on('pageerror', (e) => problems.push(e.message));
  const adminAccount = newAccount();
  expect((await admin.request.post('/api/auth/signup', { data: adminAccount })).status()).toBe(201);
  grantAdmin(adminAccount.username, port);
  await adminPage.goto('/admin');
  await adminPage.getByLabel('Your password').fill(adminAccount.password);
  await adminPage.getByRole('button', { name: 'Unlock' }).click();
  await adminPage.getByRole('tab', { name: 'Moderation' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Reported replies' })).toBeVisible();
  const card = adminPage.getByTestId(`moderation-reply-${bobReply.id}`);
  await expect(card).toContainText(spam);
  await expect(card).toContainText('1 open report');
  await expect(card).toContainText('Advertising in the replies');
  await expect(card).toContainText(alice.username);
  await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', `/community/post/${postId}`);
  expect(await adminPage.locator('img[src="x"]').count()).toBe(0);
  await expectAccessible(adminPage, 'moderation tab with a reported reply');
  await expectTapTargets(adminPage, 'moderation tab with a reported reply');
  await closeToast(adminPage);
  await screenshotsAtBothWidths(adminPage, 'community-replies', 'moderation');

  await card.getByRole('button', { name: 'Hide reply' }).click();
  await adminPage.getByRole('dialog', { name: 'Hide this reply?' }).getByRole('button', { name: 'Hide reply' }).click();
  await expect(adminPage.getByTestId('toast')).toContainText('Reply hidden');
  // A decision: out of the open queue, kept under All reported, hidden.
  await expect(adminPage.getByTestId(`moderation-reply-${bobReply.id}`)).toHaveCount(0);
  await adminPage.getByLabel('Show').selectOption('all');
  await expect(adminPage.getByTestId(`moderation-reply-${bobReply.id}`).getByRole('button', { name: 'Restore reply' })).toBeVisible();
  const queue = (await (await admin.request.get('/api/admin/moderation/reports?status=all')).json()) as ModerationQueue;
  expect(queue.replies.find((r) => r.id === bobReply.id)).toMatchObject({ hidden: true, post: { id: postId, title } });
  const audit = await admin.request.get('/api/admin/audit?limit=5');
  expect(JSON.stringify(await audit.json())).toContain('reply.hide');

  // Gone for members: Alice's page and Bob's alike, the count down to one.
  for (const p of [page, bob.page]) {
    await p.goto(`/community/post/${postId}`);
    await expect(p.getByTestId('replies-heading')).toHaveText('1 Reply');
    await expect(p.getByTestId('reply')).toHaveCount(1);
    await expect(p.getByText(spam)).toHaveCount(0);
  }
  const listed = (await (await page.request.get('/api/community/posts?sort=new&limit=50')).json()) as { posts: { id: number; replyCount: number }[] };
  expect(listed.posts.find((p) => p.id === postId)?.replyCount).toBe(1);
  await screenshotsAtBothWidths(page, 'community-replies', 'post-after-hide');

  await Promise.all([bob.close(), admin.close()]);
  expect(problems).toEqual([]);
});
