import type { Page } from '@playwright/test';
import { expect, grantAdmin, newAccount, screenshotsAtBothWidths, signInThroughUi, signUpOnboarded, test, upgradeToProWithTestCard } from './fixtures';

/*
 * Issue #27: an admin edits a lesson in the admin panel's Lessons tab (a malformed edit is refused
 * with the parser's message beside the editor), a Pro rep reads the new text at once, and a video
 * the admin uploads plays on the lesson page, served with range requests.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A second of WebM recorded by the browser itself from a canvas: a real video the page's <video> can load, without a file in the repository. */
async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    for (let i = 0; i < 25; i++) {
      ctx.fillStyle = `hsl(${i * 14}, 70%, 50%)`;
      ctx.fillRect(0, 0, 160, 90);
      await new Promise((r) => setTimeout(r, 40));
    }
    recorder.stop();
    await stopped;
    return [...new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer())];
  });
  return Buffer.from(bytes);
}

test('an admin edits a lesson (a malformed edit refused beside the editor), a Pro rep reads the new text, and an uploaded video plays on the lesson page', async ({ page, browser, consoleGuard }) => {
  test.setTimeout(120_000);
  // The two refusals this journey provokes on purpose: the malformed lesson (400) and the text file named .webm (415).
  consoleGuard.allow(/status of 400 \(Bad Request\)/);
  consoleGuard.allow(/status of 415 \(Unsupported Media Type\)/);
  const NEW_LINE = 'Ask for the decision before the buyer asks for a discount.';

  // The admin: made by the CLI, signed in, panel unlocked, on the Lessons tab.
  const account = newAccount();
  expect((await page.request.post('/api/auth/signup', { data: account })).status()).toBe(201);
  expect(grantAdmin(account.username)).toContain('is now an admin');
  await page.request.post('/api/auth/signout');
  await signInThroughUi(page, account.username, account.password);
  await expect(page).toHaveURL(/\/onboarding|\/chat/);
  await page.goto('/admin');
  await page.getByLabel('Your password').fill(account.password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('tab', { name: 'Lessons' }).click();
  const closing = page.getByTestId('lesson-closing');
  await expect(closing).toContainText('The shipped file (not edited)');
  await screenshotsAtBothWidths(page, 'admin-lessons', 'tab');

  await closing.getByRole('button', { name: /Edit/ }).click();
  const editor = page.getByLabel('Lesson Markdown');
  const shipped = await editor.inputValue();
  expect(shipped).toContain('id: closing');

  // A malformed edit: refused with the parser's message under the editor; nothing saved.
  await editor.fill(shipped.replace('## Check', '## Quiz'));
  await page.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(page.locator('#lesson-source-error')).toContainText('no "## Check" section');
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  await expect(closing).toContainText('The shipped file (not edited)');
  await screenshotsAtBothWidths(page, 'admin-lessons', 'editor-error');

  // The edit that parses: a new version, live at once.
  await editor.fill(shipped.replace('## What to do\n', `## What to do\n\n${NEW_LINE}\n`));
  await page.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(page.getByTestId('toast')).toContainText('Lesson saved');
  await expect(closing).toContainText(`by ${account.username}`);
  const version = page.getByRole('list', { name: 'Lesson versions' }).getByRole('listitem').first();
  await expect(version).toContainText('Edited');
  await version.getByRole('button', { name: 'View changes' }).click();
  await expect(page.getByTestId('knowledge-diff')).toContainText(NEW_LINE);

  // The video: uploaded through the tab, with its progress, then named as the lesson's video.
  const webm = await recordWebm(page);
  await page.locator('#lesson-video-file').setInputFiles({ name: 'closing.webm', mimeType: 'video/webm', buffer: webm });
  await expect(page.getByTestId('toast')).toContainText('Video uploaded');
  await expect(page.getByTestId('lesson-video-status')).toContainText('WebM');
  await expect(closing).toContainText('Uploaded video');
  // A text file named like a video: refused by its bytes, beside the upload.
  await page.locator('#lesson-video-file').setInputFiles({ name: 'notes.webm', mimeType: 'video/webm', buffer: Buffer.from('just some notes, not a video at all '.repeat(4)) });
  await expect(page.locator('#lesson-video-error')).toContainText('This file is not an MP4 or WebM video.');
  await screenshotsAtBothWidths(page, 'admin-lessons', 'history');

  // A Pro rep, in a browser of their own: the new text, and the uploaded video playing from the app.
  const repContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const rep = await repContext.newPage();
  await signUpOnboarded(rep);
  await rep.goto('/training');
  await upgradeToProWithTestCard(rep);
  await rep.goto('/training/closing');
  await expect(rep.getByText(NEW_LINE)).toBeVisible();
  const video = rep.getByTestId('lesson-video');
  await expect(video).toHaveAttribute('src', /^\/api\/training\/closing\/video\?v=/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThan(0);
  // Seeking asks for a range; the app answers 206.
  const src = await video.getAttribute('src');
  const ranged = await rep.request.get(src ?? '', { headers: { range: 'bytes=0-99' } });
  expect(ranged.status()).toBe(206);
  expect((await ranged.body()).length).toBe(100);
  await expect(rep.locator('iframe')).toHaveCount(0);
  await screenshotsAtBothWidths(rep, 'admin-lessons', 'lesson-with-video');
  await repContext.close();
});
