import { chatSayer, expect, screenshotsAtBothWidths, signUpThroughUi, test } from './fixtures';

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

test('a rep asks the coach to be the wife, plays the scene in character, and "stop, how did I do" ends it with feedback on their own lines', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpThroughUi(page);
  expect((await page.request.post('/api/onboarding', { data: profile })).ok()).toBe(true);
  await page.goto('/chat');
  await page.getByRole('dialog', { name: /^Welcome to / }).getByRole('button', { name: 'Start Free Coaching' }).click();

  const say = chatSayer(page);

  const coached = await say("Couples love the test ride, then at the end the wife says 'we need to sleep on it' and they leave.");
  // Coached from what a trainer wrote for a boat lot, with the buyer's words quoted exactly.
  await expect(coached).toContainText('When they say "we need to sleep on it"');
  await expect(coached).toContainText('Method:');
  const scene = await say("let's role-play it, you be the wife");
  await expect(scene).toContainText('The wife: "We need to sleep on it"');

  // In character: the wife answers each line, and grades none of them.
  const pushy = await say("'trust me, this price is only good today, you need to decide now'");
  await expect(pushy).toContainText(/The wife: "/);
  await expect(pushy).not.toContainText("How you did");
  await expect(pushy).not.toContainText(/good answer|great answer|Out of character/i);
  const better = await say("'that's fair, it's a big decision. can I ask what you'd want to be sure of first?'");
  await expect(better).toContainText(/The wife: "/);
  await screenshotsAtBothWidths(page, 'role-play', 'in-character');

  const end = await say('stop, how did i do');
  await expect(end).toContainText('That ends the scene');
  await expect(end).toContainText('How you did, over your 2 lines');
  // The feedback quotes the rep's own lines: what worked, and the one to change.
  await expect(end).toContainText(/What worked: "that's fair, it's a big decision/);
  await expect(end).toContainText(/One change: "trust me, this price is only good today/);
  await expect(page.getByRole('group', { name: 'Suggested replies' }).getByRole('button', { name: 'Try the scene again' })).toBeVisible();
  await screenshotsAtBothWidths(page, 'role-play', 'feedback');
});
