import type { ChatSession, ConversationSummary } from '#shared/schemas/chat';
import { expect, repProfile, signUpThroughUi, test, skipChatWelcome } from './fixtures';

const profile = repProfile;

const problem = 'Prospects keep telling me our price is too high right when I am about to close.';

test('a trial rep is coached with options and a named method, starts over, and reopens the first chat', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpThroughUi(page);
  const onboarded = await page.request.post('/api/onboarding', { data: profile });
  expect(onboarded.ok()).toBe(true);

  await page.goto('/chat');
  const welcome = page.getByRole('dialog', { name: /^Welcome to / });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Start Free Coaching' }).click();
  await expect(welcome).toBeHidden();

  // A new account is in the trial: unlimited, with the promo banner and its upgrade offer.
  await expect(page.getByTestId('chat-subtitle')).toHaveText('Unlimited coaching sessions');
  await expect(page.getByTestId('trial-banner')).toContainText(/\d+ days left in your free trial|Last day of your free trial/);
  await expect(page.getByRole('link', { name: /^Upgrade for \$\d+\.\d\d$/ })).toHaveAttribute('href', '/upgrade');
  await expect(page.getByText('Start a conversation with your AI sales coach!')).toBeVisible();

  const box = page.getByLabel('Message', { exact: true });
  await box.fill(problem);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(page.getByTestId('user-message').filter({ hasText: problem })).toBeVisible();
  // The reply may come fast enough to skip the dots; either is the coach at work.
  await expect(page.getByRole('status', { name: 'Coach is typing' }).or(page.getByTestId('coach-message').first())).toBeVisible();
  await expect(page.getByTestId('coach-message')).toHaveCount(1);

  const newChat = page.getByRole('button', { name: 'New Chat' });
  // The header's buttons wait while a reply is being written: enabled again means it is stored.
  await expect(newChat).toBeEnabled();
  const { sessions } = (await (await page.request.get('/api/chat/sessions')).json()) as { sessions: ConversationSummary[] };
  expect(sessions).toHaveLength(1);
  const sessionId = sessions[0]?.sessionId;
  const stored = async () => (await (await page.request.get(`/api/chat/sessions/${sessionId}`)).json()) as ChatSession;
  const lastMethod = async () => (await stored()).messages.filter((m) => m.role === 'assistant').at(-1)?.coaching?.method;

  // Tap options until the coach coaches with a named method (it may ask a question or two first).
  const chips = page.getByRole('group', { name: 'Suggested replies' }).getByRole('button');
  for (let round = 1; round <= 4 && !(await lastMethod()); round += 1) {
    await expect(chips.first()).toBeEnabled();
    const choice = (await chips.first().textContent()) ?? '';
    await chips.first().click();
    await expect(page.getByTestId('user-message').filter({ hasText: choice }).last()).toBeVisible();
    await expect(page.getByTestId('coach-message')).toHaveCount(round + 1);
    await expect(newChat).toBeEnabled();
  }
  const method = await lastMethod();
  expect(method).toBeTruthy();
  await expect(page.getByTestId('coach-message').last()).toContainText(`Method: ${method}`);
  const conversation = await stored();
  expect(conversation.messages[0]).toMatchObject({ role: 'user', content: problem });

  // New Chat: a fresh, empty conversation.
  await newChat.click();
  await expect(page.getByTestId('toast')).toContainText('Chat Cleared');
  await expect(page.getByTestId('toast')).toContainText('Started a fresh conversation.');
  await expect(page.getByText('Start a conversation with your AI sales coach!')).toBeVisible();
  await expect(page.getByTestId('user-message')).toHaveCount(0);

  // Past chats lists the first conversation and reopens it.
  await page.getByRole('button', { name: 'Past chats' }).click();
  const past = page.getByRole('dialog', { name: 'Past chats' });
  const entry = past.getByRole('button').filter({ hasText: `${conversation.messages.length} messages` });
  await expect(entry).toHaveCount(1);
  await entry.click();
  await expect(past).toBeHidden();
  await expect(page.getByTestId('user-message').filter({ hasText: problem })).toBeVisible();
  await expect(page.getByTestId('coach-message')).toHaveCount(conversation.messages.filter((m) => m.role === 'assistant').length);

  // New Chat again gives back the empty conversation it made before: no trail of empty ones.
  await newChat.click();
  await expect(page.getByText('Start a conversation with your AI sales coach!')).toBeVisible();
  await page.getByRole('button', { name: 'Past chats' }).click();
  await expect(past.getByRole('button').filter({ hasText: /\d+ messages/ })).toHaveCount(1);
  await expect(past.getByText('0 messages')).toHaveCount(0);
  await page.keyboard.press('Escape');
  const listed = (await (await page.request.get('/api/chat/sessions')).json()) as { sessions: ConversationSummary[] };
  expect(listed.sessions.map((s) => s.sessionId)).toEqual([sessionId]);

  // A reload reopens the most recent conversation with something in it, without the welcome.
  await page.reload();
  await expect(page.getByTestId('user-message').filter({ hasText: problem })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('raw HTML typed into the chat is shown as text', async ({ page }) => {
  await signUpThroughUi(page);
  expect((await page.request.post('/api/onboarding', { data: profile })).ok()).toBe(true);
  await skipChatWelcome(page);
  await page.goto('/chat');
  const attack = '<img src=x onerror="window.__pwned=1"> <script>window.__pwned=1</script>';
  await expect(page.getByText('Start a conversation with your AI sales coach!')).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill(attack);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('user-message').filter({ hasText: attack })).toBeVisible();
  await expect(page.getByTestId('coach-message')).toHaveCount(1);
  expect(await page.locator('main img[src="x"], main script').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("a first visit's welcome comes in /chat's HTML: shown before the app runs, closes without it, handed over to the app, and not sent again", async ({ page, browser }) => {
  await signUpThroughUi(page);
  expect((await page.request.post('/api/onboarding', { data: profile })).ok()).toBe(true);
  const html = async () => (await page.request.get('/chat')).text();
  expect(await html()).toContain('<dialog id="static-welcome" open=""');

  // Without any script (as on a slow phone before the app has arrived) it shows, and closes.
  const bare = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), viewport: { width: 390, height: 844 } });
  const noScript = await bare.newPage();
  await noScript.goto('/chat');
  const sent = noScript.getByRole('dialog', { name: 'Welcome to SalesCoach' });
  await expect(sent).toBeVisible();
  await expect(sent.getByText('Interactive Coaching')).toBeVisible();
  await noScript.screenshot({ path: 'test-results/screenshots/chat-welcome-in-html-390x844.png' });
  await sent.getByRole('button', { name: 'Start Free Coaching' }).click();
  await expect(sent).toBeHidden();
  await bare.close();

  // With the app: one welcome on the screen, the app's, then gone for good.
  await page.goto('/chat');
  const welcome = page.getByRole('dialog', { name: /^Welcome to / });
  await expect(welcome).toBeVisible();
  await expect(page.getByTestId('chat-subtitle')).toHaveText('Unlimited coaching sessions');
  await expect(page.locator('#static-welcome')).toHaveCount(0);
  await expect(welcome).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screenshots/chat-welcome-app-390x844.png' });
  await page.keyboard.press('Escape');
  await expect(welcome).toBeHidden();
  await page.reload();
  await expect(page.getByText('Start a conversation with your AI sales coach!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await html()).not.toContain('static-welcome');
});
