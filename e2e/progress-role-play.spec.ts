import type { Progress } from '#shared/schemas/progress';
import { chatSayer, expect, screenshotsAtBothWidths, signUpOnboarded, skipChatWelcome, test, upgradeToProWithTestCard } from './fixtures';

/*
 * Issue #25, item 10: a new Pro rep's first week. A coaching reply takes a call outcome; a
 * role-play (the buyer's lines and the feedback) is practice and takes none; the progress page
 * shows the one call as one whole row, and its weekly charts start at the account's own week.
 */
test.use({ viewport: { width: 390, height: 844 } });

const QUESTION = 'Prospects keep telling me our price is too high right when I am about to close, and then they go quiet for weeks.';

test('a Pro rep logs a call on coaching, plays a scene with no "Tried it?" under it, and progress shows that one call from the first week', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpOnboarded(page);
  await skipChatWelcome(page);
  await page.goto('/progress');
  await upgradeToProWithTestCard(page);

  await page.goto('/chat');
  const coach = page.getByTestId('coach-message');
  const tried = page.getByRole('button', { name: /^Tried it\? How did the call go\?/ });
  const say = chatSayer(page);

  await say(QUESTION);
  // The first reply coaches with a named method, so it takes an outcome.
  await expect(coach.last()).toContainText('Method:');
  await expect(tried).toHaveCount(1);
  await tried.click();
  const chooser = page.getByTestId('call-outcome-chooser');
  await chooser.getByText('Won', { exact: true }).click();
  await chooser.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('call-outcome').last()).toContainText('Your call: Won');

  // The scene: its opening, the buyer's answer, the feedback. None of them is a call to log.
  await say("let's role-play it, you be the buyer");
  await say("I hear you. What would it need to cost for this to be a yes?");
  await say('stop, how did I do');
  await expect(coach.last()).toContainText('How you did');
  await expect(coach).toHaveCount(4);
  await expect(tried, 'no "Tried it?" under the scene').toHaveCount(0);
  await expect(page.getByTestId('call-outcome')).toHaveCount(1);
  await page.reload();
  await expect(coach).toHaveCount(4);
  await expect(page.getByTestId('call-outcome')).toHaveCount(1);
  await expect(tried).toHaveCount(0);
  await screenshotsAtBothWidths(page, 'progress-role-play', 'chat');

  // Progress: the one call, its question whole (clamped by CSS, never cut mid-word in the text).
  await page.getByRole('link', { name: 'Progress' }).click();
  await expect(page).toHaveURL(/\/progress$/);
  const rows = page.getByTestId('recent-reply');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Your call: Won');
  await expect(rows.first().getByTestId('recent-reply-asked')).toHaveText(`You asked: “${QUESTION}”`);

  // The account is days old: its weekly charts have its one week, no empty weeks before it.
  const figures = (await (await page.request.get('/api/progress')).json()) as Progress;
  expect(figures.outcomes.total).toBe(1);
  expect(figures.outcomes.perWeek).toHaveLength(1);
  expect(figures.sessionsPerWeek).toHaveLength(1);
  for (const chart of ['chart-outcomes-per-week', 'chart-sessions-per-week']) {
    await expect(page.getByTestId(chart).locator('.recharts-bar-rectangle').first(), chart).toBeVisible();
    await expect(page.getByTestId(chart).locator('.recharts-xAxis .recharts-cartesian-axis-tick'), chart).toHaveCount(1);
  }
  await screenshotsAtBothWidths(page, 'progress-role-play', 'progress');
});
