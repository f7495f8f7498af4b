import { expect, signUpThroughUi, test } from './fixtures';

const profile = {
  age: 41,
  city: 'Tampa',
  state: 'FL',
  salesExperience: '6+ years',
  currentIncome: 5200,
  targetIncome: 8000,
  biggestStruggle: 'Couples leave to think about it',
  industry: 'Boat dealership',
  product: 'Pontoon boats with financing',
};

test('a rep role-plays four exchanges with the buyer they described and reads feedback on their own lines', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpThroughUi(page);
  expect((await page.request.post('/api/onboarding', { data: profile })).ok()).toBe(true);
  await page.goto('/chat');
  await page.getByRole('dialog', { name: /^Welcome to / }).getByRole('button', { name: 'Start Free Coaching' }).click();

  const box = page.getByLabel('Message', { exact: true });
  const newChat = page.getByRole('button', { name: 'New Chat' });
  const coach = page.getByTestId('coach-message');
  const say = async (text: string) => {
    const before = await coach.count();
    await box.fill(text);
    await box.press('Enter');
    await expect(coach).toHaveCount(before + 1);
    // The header's buttons wait while a reply is being written: enabled again means it is stored.
    await expect(newChat).toBeEnabled();
    return coach.last();
  };

  await say("Couples love the test ride, then at the end the wife says 'we need to sleep on it' and they leave.");
  const scene = await say("let's role-play it, you be the wife");
  await expect(scene).toContainText('"We need to sleep on it"');

  const pushy = await say("'trust me, this price is only good today, you need to decide now'");
  await expect(pushy).toContainText('Out of character');
  await expect(pushy).toContainText(/trust me/i);
  await expect(pushy).not.toContainText(/good answer|great answer|strong answer/i);
  await expect(pushy).toContainText('A stronger version of your line');

  const better = await say("'that's fair, it's a big decision. can I ask what you'd want to be sure of first?'");
  await expect(better).toContainText(/good answer/i);
  await say("'makes sense. would a second ride on Saturday morning help you both decide?'");
  const last = await say("'totally fair. what would make Saturday an easy yes for you?'");
  // The fourth exchange ends the scene with feedback and a way on.
  await expect(last).toContainText('That ends the scene');
  // The closing feedback is built from the rep's own lines: one to keep, one to change, quoted.
  await expect(last).toContainText('How you did, over your 4 lines');
  await expect(last).toContainText(/Keep:.*"/);
  await expect(last).toContainText(/Change:.*trust me/i);
  await expect(page.getByRole('group', { name: 'Suggested replies' }).getByRole('button', { name: 'Try the scene again' })).toBeVisible();
});
