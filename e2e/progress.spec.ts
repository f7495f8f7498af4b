import type { Page } from '@playwright/test';
import type { ChatSession, ConversationSummary } from '#shared/schemas/chat';
import type { Progress } from '#shared/schemas/progress';
import { builtChunkOf, expect, expectAccessible, expectTapTargets, repProfile, SCREENSHOTS, screenshotsAtBothWidths, signUpThroughUi, test, upgradeToProWithTestCard } from './fixtures';

/*
 * Issue #15's progress journey: a rep in the trial logs how two calls went from the chat, finds
 * /progress locked, upgrades to Pro with the sandbox's test card, and sees the outcomes, the
 * effectiveness and the charts; then changes an outcome from the progress page.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The recharts chunk: only the progress page may load it. */
const CHARTS_CHUNK = builtChunkOf('features/progress/components/progress-charts.tsx');


/** Taps the coach's first suggested reply until its latest reply coaches with a named method; returns that method. */
async function coachUntilMethod(page: Page, sessionId: () => Promise<string>): Promise<string> {
  const stored = async () => (await (await page.request.get(`/api/chat/sessions/${await sessionId()}`)).json()) as ChatSession;
  const coached = async () => (await stored()).messages.filter((m) => m.role === 'assistant').at(-1)?.coaching?.method;
  const chips = page.getByRole('group', { name: 'Suggested replies' }).getByRole('button');
  const newChat = page.getByRole('button', { name: 'New Chat' });
  // The reply on screen is stored once the header's buttons are enabled again; only then does the
  // server's copy say whether it named a method (the written coaching does on the first reply).
  await expect(newChat).toBeEnabled();
  for (let round = 0; round < 4 && !(await coached()); round += 1) {
    await expect(chips.first()).toBeEnabled();
    const before = await page.getByTestId('coach-message').count();
    await chips.first().click();
    await expect(page.getByTestId('coach-message')).toHaveCount(before + 1);
    await expect(newChat).toBeEnabled();
  }
  const method = await coached();
  expect(method, 'the coach coached with a named method').toBeTruthy();
  return method ?? '';
}

test('a rep logs two call outcomes from the chat, upgrades to Pro, and the progress page shows them with its charts', async ({ page }) => {
  test.setTimeout(120_000);
  const charts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`/${CHARTS_CHUNK}`)) charts.push(page.url());
  });
  const progressCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/progress') progressCalls.push(r.url());
  });

  await signUpThroughUi(page);
  expect((await page.request.post('/api/onboarding', { data: repProfile })).ok()).toBe(true);
  await page.goto('/chat');
  const welcome = page.getByRole('dialog', { name: /^Welcome to / });
  await welcome.getByRole('button', { name: 'Start Free Coaching' }).click();
  await expect(welcome).toBeHidden();

  // The header's Progress link sits beside Past chats and New Chat, every control 44 px, the subtitle whole.
  await expect(page.getByRole('link', { name: 'Progress' })).toHaveAttribute('href', '/progress');
  await expectTapTargets(page, 'chat header', 'header');
  const subtitle = page.getByTestId('chat-subtitle');
  await expect(subtitle).toHaveText('Unlimited coaching sessions');
  expect(await subtitle.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the subtitle is not cut off').toBe(true);

  const box = page.getByLabel('Message', { exact: true });
  await box.fill('Prospects keep telling me our price is too high right when I am about to close.');
  await box.press('Enter');
  await expect(page.getByTestId('coach-message')).toHaveCount(1);
  const sessionId = async () => {
    const { sessions } = (await (await page.request.get('/api/chat/sessions')).json()) as { sessions: ConversationSummary[] };
    return sessions[0]?.sessionId ?? '';
  };
  const firstMethod = await coachUntilMethod(page, sessionId);

  // Under the coaching reply (and only under replies with a method): "Tried it?".
  const tried = page.getByRole('button', { name: `Tried it? How did the call go? (${firstMethod})` });
  await expect(tried).toHaveCount(1);
  await expect(page.getByTestId('coach-message').last()).toContainText(`Method: ${firstMethod}`);
  await tried.click();
  const chooser = page.getByTestId('call-outcome-chooser');
  await expect(chooser.getByRole('group', { name: `How did the call go with ${firstMethod}?` })).toBeVisible();
  // Save with nothing chosen says what is missing, and sends nothing.
  await chooser.getByRole('button', { name: 'Save' }).click();
  await expect(chooser.getByRole('alert')).toContainText('Choose how the call went');
  await chooser.getByText('Won', { exact: true }).click();
  await chooser.getByLabel('Note (optional)').fill('They signed the annual plan <b>on the call</b>.');
  await expectAccessible(page, 'chat with the outcome chooser');
  await expectTapTargets(page, 'the outcome chooser', '[data-testid="call-outcome-chooser"]');
  await page.screenshot({ path: `${SCREENSHOTS}/progress-chat-chooser-390x844.png` });
  await chooser.getByRole('button', { name: 'Save' }).click();
  await expect(chooser).toBeHidden();
  const logged = page.getByTestId('call-outcome');
  await expect(logged.last()).toContainText('Your call: Won');

  // A second technique, and a second outcome.
  const coachReplies = await page.getByTestId('coach-message').count();
  await page.getByRole('group', { name: 'Suggested replies' }).getByRole('button', { name: 'Give me another tip' }).click();
  await expect(page.getByTestId('coach-message')).toHaveCount(coachReplies + 1);
  await expect(page.getByRole('button', { name: 'New Chat' })).toBeEnabled();
  await expect(page.getByRole('button', { name: /^Tried it\? How did the call go\?/ })).toHaveCount(1);
  await page.getByRole('button', { name: /^Tried it\? How did the call go\?/ }).click();
  await chooser.getByText('Stalled', { exact: true }).click();
  await chooser.getByRole('button', { name: 'Save' }).click();
  await expect(logged.last()).toContainText('Your call: Stalled');
  await page.screenshot({ path: `${SCREENSHOTS}/progress-chat-logged-390x844.png` });

  // Both are stored with their replies: a reload shows them from the conversation.
  await page.reload();
  await expect(page.getByTestId('call-outcome').filter({ hasText: 'Your call: Won' })).toHaveCount(1);
  await expect(page.getByTestId('call-outcome').filter({ hasText: 'Your call: Stalled' })).toHaveCount(1);
  expect(charts, 'the chat never loads the charts').toEqual([]);

  // The trial is not Pro: the header link leads to the locked page, which asks for no figures.
  await page.getByRole('link', { name: 'Progress' }).click();
  await expect(page).toHaveURL(/\/progress$/);
  await expect(page.getByRole('heading', { name: 'Your Progress is a Pro feature' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Progress');
  expect(progressCalls).toEqual([]);
  expect(charts).toEqual([]);
  await expectAccessible(page, 'progress locked');
  await expectTapTargets(page, 'progress locked');
  await screenshotsAtBothWidths(page, 'progress', 'locked');
  const refused = await page.request.get('/api/progress');
  expect(refused.status()).toBe(403);

  await upgradeToProWithTestCard(page);

  // From the account page to the progress page.
  await page.goto('/account');
  await page.getByRole('link', { name: 'See your progress and call outcomes' }).click();
  await expect(page).toHaveURL(/\/progress$/);
  await expect(page.getByTestId('effectiveness-score')).toHaveText('Not enough outcomes yet');
  await expect(page.getByTestId('effectiveness')).toContainText('Log 1 more call to see your score.');
  await expect(page.getByTestId('effectiveness')).toContainText('Won 100, Moved forward 70, Stalled 30, Lost 0');
  const figures = (await (await page.request.get('/api/progress')).json()) as Progress;
  expect(figures.outcomes.counts).toEqual({ won: 1, moved_forward: 0, stalled: 1, lost: 0 });
  expect(figures.totals.sessions).toBe(1);

  // The charts are drawn: bars in the per-week and per-technique charts, and in the activity ones.
  for (const chart of ['chart-outcomes-per-week', 'chart-by-technique', 'chart-sessions-per-week', 'chart-stages', 'chart-topics']) {
    await expect(page.getByTestId(chart).locator('.recharts-bar-rectangle').first(), chart).toBeVisible();
  }
  await expect(page.getByTestId('chart-by-technique')).toContainText(firstMethod.split(' ')[0] ?? '');
  expect(charts.length).toBeGreaterThan(0);
  expect(charts.every((url) => url.endsWith('/progress'))).toBe(true);

  // The note is text, never markup.
  const replies = page.getByTestId('recent-reply');
  await expect(replies).toHaveCount(2);
  await expect(replies.filter({ hasText: 'Your call: Won' })).toContainText('“They signed the annual plan <b>on the call</b>.”');
  await expect(page.locator('[data-testid="recent-reply"] b')).toHaveCount(0);

  // Changed from the progress page: the stalled call moved forward after all.
  // Newest first: the second technique's reply. (Held by position: its text changes as it opens.)
  const stalled = replies.first();
  await expect(stalled).toContainText('Your call: Stalled');
  await stalled.getByRole('button', { name: /^Change how the call went/ }).click();
  await stalled.getByText('Moved forward', { exact: true }).click();
  await stalled.getByRole('button', { name: 'Save' }).click();
  await expect(stalled.getByTestId('call-outcome')).toContainText('Your call: Moved forward');
  await expect(page.getByTestId('effectiveness')).toContainText('Moved forward 1');

  await expectAccessible(page, 'progress for Pro');
  await expectTapTargets(page, 'progress for Pro');
  await screenshotsAtBothWidths(page, 'progress', 'pro');

  // Back leads to the chat, where the change shows too.
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId('call-outcome').filter({ hasText: 'Your call: Moved forward' })).toHaveCount(1);
});
