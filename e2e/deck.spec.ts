import { advanceClock, chatSayer, expect, expectAccessible, expectTapTargets, screenshotsAtBothWidths, signUpOnboarded, skipChatWelcome, test } from './fixtures';

/*
 * Issue #27 item 3's journey: a rep on the trial quotes buyers in the chat, finds the lines in
 * their deck, drills three of them (each scored, with when it comes back), and after a day on the
 * app's clock (SANDBOX_TEST_CLOCK, e2e/serve.mjs) the one they fumbled is due again.
 */
const port = Number(process.env.E2E_PORT ?? 5055);
const baseURL = `http://127.0.0.1:${port}`;
test.use({ viewport: { width: 390, height: 844 } });

const STRONG = "That's fair, I hear you. What would you need to see to feel sure? Could we sit down Thursday at 6 and go over it?";
const WEAK = 'Trust me, you need this and the price goes up tomorrow.';

test('quoted buyer lines land in the deck; three drills are scored and scheduled; the fumbled one comes back', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpOnboarded(page);
  await skipChatWelcome(page);
  await page.goto('/chat');
  // The chat has read the rep's plan: the box sends from here on.
  await expect(page.getByTestId('chat-subtitle')).toContainText('Unlimited');
  const say = chatSayer(page);
  await say('Lost one at the door today. The homeowner said "we\'re good, we don\'t have bugs" and shut the door.');
  await say('Another one said "the honda place quoted $40 less" and walked.');

  // The tab bar steps aside while the message box has focus (a phone's keyboard): done typing, it is back.
  await page.getByLabel('Message', { exact: true }).blur();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deck' }).click();
  await expect(page).toHaveURL(/\/deck$/);
  const lines = page.getByTestId('deck-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText("we're good, we don't have bugs");
  await expect(lines.nth(1)).toContainText('the honda place quoted $40 less');

  // A third line, typed in by hand.
  await page.getByLabel('Add a buyer line').fill('We need to think about it');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(lines).toHaveCount(3);
  await expectAccessible(page, 'the deck');
  await expectTapTargets(page, 'the deck');
  await screenshotsAtBothWidths(page, 'deck', 'list');

  await page.getByRole('button', { name: 'Drill 3 due lines' }).click();
  const answers = [STRONG, WEAK, STRONG];
  for (const [i, answer] of answers.entries()) {
    await expect(page.getByTestId('drill-card')).toContainText(`Card ${i + 1} of 3`);
    await page.getByLabel('What do you say back?').fill(answer);
    if (i === 0) await screenshotsAtBothWidths(page, 'deck', 'drill');
    await page.getByRole('button', { name: 'Score my answer' }).click();
    const result = page.getByTestId('drill-result');
    await expect(result).toContainText('/100');
    await expect(result).toContainText('Keep');
    await expect(result).toContainText('Change');
    await expect(page.getByTestId('drill-next-review')).toContainText(/^Comes back \w{3}, \w{3} \d+/);
    if (i === 1) {
      await expect(result).toContainText('Again soon');
      await screenshotsAtBothWidths(page, 'deck', 'scored');
    }
    await page.getByRole('button', { name: i < 2 ? 'Next card' : 'Finish' }).click();
  }
  await expect(page.getByTestId('drill-done')).toContainText(/Nothing due until/);
  await page.getByRole('button', { name: 'Back to your deck' }).click();
  await expect(page.getByText(/% strong/)).toHaveCount(3);

  // A day later only the fumbled line is due again; the strong answers wait days.
  await advanceClock(baseURL, 1);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Drill 1 due line' })).toBeVisible();
  await page.getByRole('button', { name: 'Drill 1 due line' }).click();
  await expect(page.getByTestId('drill-line')).toHaveText('“the honda place quoted $40 less”');
});
