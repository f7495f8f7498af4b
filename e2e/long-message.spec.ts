import type { ChatSession, ConversationSummary } from '#shared/schemas/chat';
import { MESSAGE_MAX } from '#shared/chat-limits';
import { expect, repProfile, screenshotsAtBothWidths, signUpThroughUi, skipChatWelcome, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

/** A rep's long story, as pasted in issue #25: 2,590 characters, whose end must not be lost. */
const story = (() => {
  const line = 'The prospect loved the demo, then procurement asked for a discount, and I ramble. ';
  let text = '';
  while (text.length < 2590) text += line;
  return `${text.slice(0, 2590 - ' The end matters.'.length)} The end matters.`;
})();

test('a message past the limit is counted, refused beside the box and kept whole; shortened, it is sent whole', async ({ page }) => {
  test.setTimeout(60_000);
  expect(story).toHaveLength(2590);
  await signUpThroughUi(page);
  expect((await page.request.post('/api/onboarding', { data: repProfile })).ok()).toBe(true);
  await skipChatWelcome(page);
  await page.goto('/chat');
  const box = page.getByLabel('Message', { exact: true });
  const send = page.getByRole('button', { name: 'Send message' });
  const counter = page.getByTestId('message-length');

  // Below 80 % of the limit there is nothing to count.
  await box.fill('a'.repeat(1599));
  await expect(counter).toHaveCount(0);
  // From 80 %, the count shows.
  await box.fill(story.slice(0, 1700));
  await expect(counter).toHaveText('1,700 / 2,000');
  await expect(page.getByRole('alert').filter({ hasText: 'Messages can be at most' })).toHaveCount(0);
  await screenshotsAtBothWidths(page, 'chat', 'counter-near-limit');

  // Past it: nothing cut, nothing sent, and the reason is next to the box.
  await box.fill(story);
  await expect(box).toHaveValue(story);
  await expect(counter).toHaveText('2,590 / 2,000');
  await expect(page.getByRole('alert').filter({ hasText: 'Messages can be at most 2,000 characters. Shorten yours to send it.' })).toBeVisible();
  await expect(send).toBeDisabled();
  await box.press('Enter');
  await expect(box).toHaveValue(story);
  await expect(page.getByTestId('user-message')).toHaveCount(0);
  await screenshotsAtBothWidths(page, 'chat', 'counter-over-limit');
  const listed = (await (await page.request.get('/api/chat/sessions')).json()) as { sessions: ConversationSummary[] };
  expect(listed.sessions).toHaveLength(0);

  // Shortened to the limit exactly, it goes, every character of it.
  const shortened = story.slice(story.length - MESSAGE_MAX);
  await box.fill(shortened);
  await expect(counter).toHaveText('2,000 / 2,000');
  await expect(send).toBeEnabled();
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(page.getByTestId('coach-message')).toHaveCount(1);
  const [sent] = ((await (await page.request.get('/api/chat/sessions')).json()) as { sessions: ConversationSummary[] }).sessions;
  const conversation = (await (await page.request.get(`/api/chat/sessions/${sent?.sessionId}`)).json()) as ChatSession;
  expect(conversation.messages[0]?.content).toBe(shortened.trim());
});
