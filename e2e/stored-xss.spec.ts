import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { ChatSession, ConversationSummary } from '#shared/schemas/chat';
import type { KnowledgeVersionList } from '#shared/schemas/knowledge';
import { expect, grantAdmin, newAccount, skipChatWelcome, signUpThroughUi, test } from './fixtures';

/*
 * Stored XSS: hostile markup written into every field a person fills in (onboarding answers, chat
 * messages, a call's note, community posts, replies and reports, feedback, a knowledge-base file
 * and its name, an escalation's answer and learning note), then read back as other people and as
 * an admin on every page that shows it. On each page: no dialog opened, window.__xss never set,
 * no element or handler came from a payload, no javascript: link, and the payload is on screen
 * as the text it is. Against the app with the trial (the default port), buying Pro through the
 * sandbox where the community and the progress page need it.
 *
 * The app's Content Security Policy (helmet: script-src 'self', script-src-attr 'none') would stop
 * most injected scripts and handlers from running, so window.__xss and the dialog listener are a
 * second line only: the DOM checks are the gate, and the first test shows they catch each payload.
 * The coach's replies are the one place user text goes through a Markdown renderer (the buyer's
 * quoted words, the profile's product, the knowledge base's passages); the journey checks that
 * hostile text really reaches them, so it keeps testing that renderer.
 */
test.use({ viewport: { width: 390, height: 844 } });

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '<svg onload=window.__xss=1>';
const MD_LINK = '[click](javascript:window.__xss=1)';
const IFRAME = '"><iframe srcdoc="<script>parent.__xss=1</script>">';
/** A Markdown image whose title tries to close its attribute and add a handler. */
const MD_IMAGE = '![pic](x "\\" onerror=\\"window.__xss=1")';
/** What every field long enough gets, each on its own. */
const CORE = [IMG, SCRIPT, SVG, MD_LINK, IFRAME, MD_IMAGE] as const;
/** More ways in, for the fields long enough to hold them (alert() opens a dialog if it ever runs). */
const MORE = [
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:window.__xss=1">html link</a>',
  '<details open ontoggle=window.__xss=1>',
  '<javascript:window.__xss=1>',
  '[upper](JaVaScRiPt:window.__xss=1)',
  '[entity](&#106;avascript:window.__xss=1)',
  '[data](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTwvc2NyaXB0Pg==)',
  '[alert](javascript:alert(1))',
  '[ref link][xss]\n\n[xss]: javascript:window.__xss=1',
] as const;
const CORE_TEXT = CORE.join('\n');
const FULL_TEXT = [...CORE, ...MORE].join('\n');

/** What a person's browser saw: dialogs (any is a payload that ran) and, for the extra contexts, console and page errors. */
interface Watched {
  page: Page;
  dialogs: string[];
  problems: string[];
}

function watch(page: Page, who: string, consoleToo: boolean): Watched {
  const dialogs: string[] = [];
  const problems: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${who}: a ${d.type()} dialog opened on ${page.url()}: ${d.message()}`);
    void d.dismiss();
  });
  if (consoleToo) {
    page.on('console', (m) => void (m.type() === 'error' && problems.push(`${who}: console error: ${m.text()}`)));
    page.on('pageerror', (e) => problems.push(`${who}: page error: ${e.message}`));
  }
  return { page, dialogs, problems };
}

/** Another person in a browser of their own, signed up through the API, optionally on Pro. */
async function person(browser: Browser, who: string, opts: { pro?: boolean } = {}) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 } });
  const watched = watch(await context.newPage(), who, true);
  const account = newAccount();
  expect((await watched.page.request.post('/api/auth/signup', { data: account })).status()).toBe(201);
  if (opts.pro) await buyPro(watched.page.request);
  return { ...watched, account, close: () => context.close() };
}
type Person = Awaited<ReturnType<typeof person>>;

/** Pays for Pro through the sandbox as the checkout page does: create, pay with 4242, report it. */
async function buyPro(request: APIRequestContext) {
  const created = await (await request.post('/api/create-pro-subscription', { data: { attemptId: randomUUID() } })).json();
  const paid = await request.post('/api/sandbox/confirm-payment', { data: { clientSecret: created.clientSecret, card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } } });
  expect(paid.ok()).toBe(true);
  expect((await request.post('/api/payment-success', { data: { subscriptionId: created.subscriptionId } })).ok()).toBe(true);
}

/** An admin made with the CLI, at the panel, unlocked with their password. */
async function unlockedAdmin(browser: Browser): Promise<Person> {
  const admin = await person(browser, 'admin');
  expect(grantAdmin(admin.account.username)).toContain('is now an admin');
  await admin.page.goto('/admin');
  await admin.page.getByLabel('Your password').fill(admin.account.password);
  await admin.page.getByRole('button', { name: 'Unlock' }).click();
  await expect(admin.page.getByRole('tab', { name: 'Knowledge base', selected: true })).toBeVisible();
  return admin;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each of `texts` is on screen inside `where`, as text. */
async function expectShownAsText(where: Locator, texts: readonly string[]) {
  await expect(where).toBeVisible();
  for (const text of texts) await expect(where, `shown as text: ${text}`).toContainText(text);
}

/**
 * Nothing a payload carries ran or reached the page: no dialog, window.__xss unset, no element a
 * payload names (img src=x, iframe, srcdoc, inline script, object, embed), no on* attribute on any
 * element (React never writes one: its handlers are delegated), no javascript:/vbscript:/data:
 * link or frame address, and no frame but the page's own.
 */
async function expectInert(w: Watched, where: string) {
  // An injected <img src=x> fails and an injected frame loads within a moment: give them one.
  await w.page.waitForTimeout(300);
  const found = await w.page.evaluate(() => {
    const describe = (el: Element) => el.outerHTML.slice(0, 160);
    const all = [...document.querySelectorAll('*')];
    const scriptUrl = /^(?:javascript|vbscript|data):/i;
    // Browsers drop tabs, newlines and leading controls before reading a URL's scheme: so does this.
    // oxlint-disable-next-line no-control-regex -- matching control characters is the point
    const urlOf = (el: Element, name: string) => (el.getAttribute(name) ?? '').replace(/[\u0000-\u0020]/g, '');
    return {
      xss: '__xss' in window ? String((window as unknown as { __xss: unknown }).__xss) : null,
      elements: [...document.querySelectorAll('img[src="x"], iframe, frame, object, embed, [srcdoc], script:not([src]), body script, svg[onload], details[ontoggle], base')].map(describe),
      handlers: all.filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).map(describe),
      urls: all.filter((el) => ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].some((n) => scriptUrl.test(urlOf(el, n)))).map(describe),
    };
  });
  expect(w.dialogs, `${where}: dialogs`).toEqual([]);
  expect(found.xss, `${where}: window.__xss`).toBeNull();
  expect(found.elements, `${where}: elements from a payload`).toEqual([]);
  expect(found.handlers, `${where}: elements with an on* attribute`).toEqual([]);
  expect(found.urls, `${where}: script or data URLs`).toEqual([]);
  expect(await w.page.locator('img[src="x"]').count(), `${where}: img[src="x"]`).toBe(0);
  expect(await w.page.locator('iframe[srcdoc]').count(), `${where}: iframe[srcdoc]`).toBe(0);
  expect(await w.page.locator('a[href^="javascript:" i]').count(), `${where}: javascript: links`).toBe(0);
  expect(w.page.frames(), `${where}: frames`).toHaveLength(1);
}

/** Taps the coach's first suggested reply until its latest reply coaches with a named method; returns that method. */
async function coachUntilMethod(page: Page): Promise<string> {
  const sessionId = async () => ((await (await page.request.get('/api/chat/sessions')).json()) as { sessions: ConversationSummary[] }).sessions[0]?.sessionId ?? '';
  const coached = async () => ((await (await page.request.get(`/api/chat/sessions/${await sessionId()}`)).json()) as ChatSession).messages.filter((m) => m.role === 'assistant').at(-1)?.coaching?.method;
  const chips = page.getByRole('group', { name: 'Suggested replies' }).getByRole('button');
  const newChat = page.getByRole('button', { name: 'New Chat' });
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

/** Sends a message from the chat's box and waits for the coach's answer to be stored. */
async function send(page: Page, text: string) {
  const before = await page.getByTestId('coach-message').count();
  const box = page.getByLabel('Message', { exact: true });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByTestId('coach-message')).toHaveCount(before + 1);
  await expect(page.getByRole('button', { name: 'New Chat' })).toBeEnabled();
}

test('the checks are not vacuous: each payload, let into the page as HTML, is caught', async ({ page, consoleGuard }) => {
  // What an unsafe renderer would make of the payloads (innerHTML, or Markdown without its filter).
  const rendered = [IMG, SCRIPT, SVG, '<a href="javascript:window.__xss=1">click</a>', IFRAME, '<img src="x" title="" onerror="window.__xss=1">', '<details open ontoggle=window.__xss=1>'];
  // The injected images' failed loads, and the app's Content Security Policy refusing the injected
  // handlers and scripts (helmet's script-src 'self', script-src-attr 'none'), are noted on the
  // console: expected here. The policy is why window.__xss stays unset even here; the DOM checks
  // are what catch an injection, and this shows they do.
  consoleGuard.allow(/Failed to load resource|Content Security Policy/);
  const w = watch(page, 'control', false);
  for (const html of rendered) {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.locator('main').evaluate((main, markup) => main.insertAdjacentHTML('beforeend', `<p>${markup}</p>`), html);
    await expect(expectInert(w, `control: ${html}`), `the checks catch ${html}`).rejects.toThrow();
  }
});

test('usernames cannot carry markup: sign-up refuses it', async ({ request }) => {
  for (const username of [IMG, 'javascript:x', '"><b>x', 'a b']) {
    const res = await request.post('/api/auth/signup', { data: { ...newAccount(), username } });
    expect(res.status(), `sign-up with the username ${username}`).toBe(400);
  }
});

test('the rep\'s profile, chat, call note and escalation, and the admin\'s knowledge base and answer, stay text for the rep and the admin', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const rep = watch(page, 'rep', false);

  // The admin appends a hostile file to the knowledge base (its name hostile too), so the coach draws on it.
  const admin = await unlockedAdmin(browser);
  const before = ((await (await admin.page.request.get('/api/admin/knowledge-base/versions')).json()) as KnowledgeVersionList).versions[0];
  const fileName = `"><img src=x onerror=window.__xss=1>.md`;
  const heading = `## Price objection too expensive ${IMG} ${MD_LINK}`;
  const section = `${heading}\n\nWhen they say the price is too expensive, ${IMG} then ${MD_LINK} and ${SVG}.\n\n${FULL_TEXT}\n`;
  await admin.page.getByTestId('knowledge-file-input').setInputFiles({ name: fileName, mimeType: 'text/markdown', buffer: Buffer.from(section) });
  await expect(admin.page.getByTestId('toast')).toContainText('File Uploaded');
  await expectShownAsText(admin.page.getByTestId('toast'), [fileName]);
  await expectShownAsText(admin.page.getByTestId('knowledge-summary'), [`Uploaded ${fileName}`]);
  await expect(admin.page.getByLabel('Knowledge content')).toHaveValue(new RegExp(escapeRegExp(section.trim())));
  const latest = admin.page.locator('[data-testid^="knowledge-version-"]').first();
  await expectShownAsText(latest, [`Uploaded ${fileName}`]);
  await latest.getByRole('button', { name: 'View changes' }).click();
  await expectShownAsText(admin.page.getByTestId('knowledge-diff'), [heading.slice(3), ...CORE, ...MORE.filter((m) => !m.includes('\n'))]);
  await expectInert(admin, 'admin knowledge base after a hostile upload');

  // Its Test: a hostile test message; the passages and the answer are text.
  await admin.page.getByLabel('Test message').fill(`How do I handle a price objection when they say it is too expensive? ${IMG} ${MD_LINK}`);
  await admin.page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(admin.page.getByTestId('toast')).toContainText('Knowledge Test Complete');
  const testResult = admin.page.getByTestId('knowledge-test-result');
  await expect(testResult).toBeVisible();
  await expectShownAsText(testResult, [`Price objection too expensive ${IMG} ${MD_LINK}`]);
  await expectInert(admin, 'admin knowledge test output');

  // The rep: every onboarding answer hostile, through the steps.
  await signUpThroughUi(page);
  const profile = {
    city: `${IMG} ${SVG}`,
    state: `${SCRIPT} ${MD_IMAGE}`,
    biggestStruggle: CORE_TEXT,
    industry: `${MD_LINK} ${SVG}`,
    product: `${IFRAME} ${IMG}`,
  };
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel('Age').fill('34');
  await next.click();
  await page.getByLabel('City').fill(profile.city);
  await page.getByLabel('State').fill(profile.state);
  await next.click();
  await page.getByLabel('3-5 years').check();
  await next.click();
  await page.getByLabel("Last month's commission/bonus ($)").fill('4200');
  await page.getByLabel("This month's target ($)").fill('6500');
  await next.click();
  await page.getByLabel('What do you struggle with most?').fill(profile.biggestStruggle);
  await next.click();
  await page.getByLabel('Industry').fill(profile.industry);
  await next.click();
  await page.getByLabel('Product or service').fill(profile.product);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/tutorial$/);
  await expect(page.getByTestId('monthly-goal')).toHaveText('$6,500');
  await expectInert(rep, 'tutorial after a hostile profile');

  // The account page shows the answers back in its form, as values.
  await page.goto('/account');
  await page.getByText('Sales profile', { exact: true }).click();
  const form = page.getByRole('form', { name: 'Sales profile' });
  await expect(form.getByLabel('City')).toHaveValue(profile.city);
  await expect(form.getByLabel('State')).toHaveValue(profile.state);
  await expect(form.getByLabel('What do you struggle with most?')).toHaveValue(profile.biggestStruggle);
  await expect(form.getByLabel('Industry')).toHaveValue(profile.industry);
  await expect(form.getByLabel('Product or service')).toHaveValue(profile.product);
  await expectInert(rep, 'account page with a hostile profile');

  // Chat: hostile messages, one quoting the buyer so the coach says it back; the coach's replies
  // also carry the profile's product and industry and the knowledge base's passages, as Markdown.
  await skipChatWelcome(page);
  await page.goto('/chat');
  const first = `${IMG} My buyer said "${MD_LINK} is way too expensive for us" right at the close. ${SVG}`;
  await send(page, first);
  await send(page, `${SCRIPT} ${IFRAME} ${MD_IMAGE} they keep telling me the price is too expensive`);
  const method = await coachUntilMethod(page);
  const mine = page.getByTestId('user-message');
  await expectShownAsText(mine.nth(0), [first]);
  await expectShownAsText(mine.nth(1), [SCRIPT, IFRAME, MD_IMAGE]);
  // The coach's Markdown got hostile text three ways: the buyer's words quoted back (a Markdown
  // link to javascript:, which must lose its address), the product from the profile, and the
  // uploaded passage it cites. If these stop matching, the coach's wording changed and this
  // journey no longer puts payloads through the Markdown renderer: point it at what does.
  const coachSaid = page.getByTestId('coach-message');
  await expect(coachSaid.filter({ hasText: 'click is way too expensive for us' }), 'the coach quotes the buyer\'s words back').not.toHaveCount(0);
  await expect(coachSaid.locator('a:not([href])', { hasText: 'click' }).first()).toBeVisible();
  await expect(coachSaid.filter({ hasText: IFRAME }), 'the coach names the (hostile) product').not.toHaveCount(0);
  await expect(coachSaid.filter({ hasText: `Price objection too expensive ${IMG}` }), 'the coach cites the uploaded passage').not.toHaveCount(0);
  await expectInert(rep, 'chat with hostile messages and the coach\'s replies to them');

  // A hostile note on how the call went.
  const note = `Call note ${FULL_TEXT}`.slice(0, 500);
  await page.getByRole('button', { name: `Tried it? How did the call go? (${method})` }).click();
  const chooser = page.getByTestId('call-outcome-chooser');
  await chooser.getByText('Won', { exact: true }).click();
  await chooser.getByLabel('Note (optional)').fill(note);
  await chooser.getByRole('button', { name: 'Save' }).click();
  await expect(chooser).toBeHidden();
  await expect(page.getByTestId('call-outcome').last()).toContainText('Your call: Won');

  // Asked for a person, with every payload in the same message: an escalation.
  const ask = `Can I talk to a real person please? ${CORE.join(' ')}`;
  await send(page, ask);
  await expect(page.getByTestId('coach-message').last()).toContainText('coaching team');
  await expectShownAsText(mine.last(), [...CORE]);
  await expectInert(rep, 'chat after asking for a person');

  // The admin reads the escalation, and answers it with hostile text and a hostile learning note.
  await admin.page.getByRole('tab', { name: 'Escalations' }).click();
  const card = admin.page.locator('[data-testid^="escalation-"]').filter({ hasText: ask.slice(0, 60) });
  await expectShownAsText(card, [...CORE]);
  await expectInert(admin, 'admin escalations with a hostile question');
  const answer = `Hi, Sam from the coaching team. ${CORE.join(' ')}`;
  const learningNote = `Reps quote buyers with markup: ${CORE_TEXT}`;
  await card.getByLabel('Your response to the user').fill(answer);
  await card.getByLabel('Learning note (optional)').fill(learningNote);
  await card.getByRole('button', { name: 'Send Response' }).click();
  await expect(admin.page.getByTestId('toast')).toContainText('Response Sent');
  await admin.page.getByLabel('Show').selectOption('answered');
  const answered = admin.page.locator('[data-testid^="escalation-"]').filter({ hasText: answer.slice(0, 40) });
  await expectShownAsText(answered, [answer, ...CORE]);
  await expect(answered).toContainText('Learning note');
  await expectInert(admin, 'admin escalations, answered with hostile text');

  // The rep sees the answer in the chat still open, as text.
  // The open chat reads the conversation again every few seconds while it waits for the team.
  await expect(page.getByTestId('team-message')).toContainText(answer, { timeout: 20_000 });
  await expectShownAsText(page.getByTestId('team-message'), [answer]);
  await expectInert(rep, 'the rep\'s chat with the team\'s hostile answer');
  // Reloaded from the server, the whole conversation again.
  await page.reload();
  await expectShownAsText(page.getByTestId('team-message'), [answer]);
  await expectShownAsText(mine.nth(0), [first]);
  await expectInert(rep, 'the rep\'s chat, reloaded');

  // Past chats lists the conversation by its first words (hostile).
  await page.getByRole('button', { name: 'Past chats' }).click();
  const past = page.getByRole('dialog', { name: 'Past chats' });
  await expectShownAsText(past, [first.slice(0, 80)]);
  await expectInert(rep, 'past chats');
  await page.keyboard.press('Escape');

  // A new conversation on the same problem: the coach now has the learning note and the file to draw on.
  await page.getByRole('button', { name: 'New Chat' }).click();
  await expect(page.getByTestId('user-message')).toHaveCount(0);
  await send(page, 'How do I handle a price objection when they say we are too expensive?');
  await coachUntilMethod(page);
  await expectInert(rep, 'a new chat drawing on the hostile knowledge base');

  // Progress (Pro): what the rep asked that the reply answered (their second message), and the call's note.
  await buyPro(page.request);
  await page.goto('/progress');
  const logged = page.getByTestId('recent-reply').filter({ hasText: 'Your call: Won' });
  await expectShownAsText(logged, [SCRIPT, IFRAME, MD_IMAGE, ...CORE]);
  await expectInert(rep, 'progress page');

  // The admin again: the knowledge base with the learning note, its history and Test, and the audit log.
  await admin.page.getByRole('tab', { name: 'Knowledge base' }).click();
  await expect(admin.page.getByLabel('Knowledge content')).toHaveValue(new RegExp(escapeRegExp(learningNote)));
  await admin.page.locator('[data-testid^="knowledge-version-"]').first().getByRole('button', { name: 'View changes' }).click();
  await expectShownAsText(admin.page.getByTestId('knowledge-diff'), ['Reps quote buyers with markup:', ...CORE]);
  await admin.page.getByLabel('Test message').fill('Reps quote buyers with markup, what now?');
  await admin.page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(admin.page.getByTestId('toast')).toContainText('Knowledge Test Complete');
  await expectShownAsText(testResult, ['Learning note']);
  await expectInert(admin, 'admin knowledge base with the hostile learning note');
  await admin.page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(admin.page.getByTestId('audit-log')).toContainText('knowledge.upload');
  // It names the uploaded file and quotes the test message: both as text.
  await expectShownAsText(admin.page.getByTestId('audit-log'), [`${fileName}: `, `they say it is too expensive? ${IMG}`]);
  await expectInert(admin, 'admin audit log');

  // Leave the knowledge base as it was for the journeys after this one (a restore is a new version).
  if (before) expect((await admin.page.request.post(`/api/admin/knowledge-base/versions/${before.id}/restore`)).ok()).toBe(true);
  expect([...rep.dialogs, ...admin.problems]).toEqual([]);
  await admin.close();
});

test('community posts, replies and reports stay text for other members and the admin', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const alice = watch(page, 'alice', false);
  expect((await page.request.post('/api/auth/signup', { data: newAccount() })).status()).toBe(201);
  await buyPro(page.request);
  const stamp = Date.now().toString(36);
  const title = `T${stamp} ${IMG} ${MD_LINK} ${IFRAME}`;
  const content = `${CORE_TEXT}\n\n${MORE.join('\n')}`;
  const replyText = `R${stamp} ${CORE_TEXT}\n${MORE.join('\n')}`;
  const reportReason = `Spam ${CORE.join(' ')}`;
  const replyReportReason = `Reply spam ${CORE.join(' ')}`;

  // Alice posts through the New Post dialog.
  await page.goto('/community');
  await page.getByRole('button', { name: 'New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Post' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Category').selectOption('objections');
  await dialog.getByLabel('Content').fill(content);
  await dialog.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page).toHaveURL(/\/community\/post\/\d+$/);
  const postId = Number(page.url().split('/').pop());
  await expectShownAsText(page.getByTestId('post-title'), [title]);
  await expectShownAsText(page.getByTestId('post-content'), [...CORE, ...MORE]);
  await expectInert(alice, 'the author\'s own post page');

  // Bob: the list (title and excerpt), the post, and a hostile reply.
  const bob = await person(browser, 'bob', { pro: true });
  await bob.page.goto('/community?sort=new');
  const listed = bob.page.getByTestId('post-card').filter({ hasText: `T${stamp}` });
  await expectShownAsText(listed, [title, IMG, SCRIPT, SVG, MD_LINK, IFRAME]);
  await expectInert(bob, 'community list (another member)');
  await listed.getByRole('link', { name: title }).click();
  await expect(bob.page).toHaveURL(new RegExp(`/community/post/${postId}$`));
  await expectShownAsText(bob.page.getByTestId('post-title'), [title]);
  await expectShownAsText(bob.page.getByTestId('post-content'), [...CORE, ...MORE]);
  await expectInert(bob, 'post page (another member)');
  await bob.page.getByLabel('Your reply').fill(replyText);
  await bob.page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(bob.page.getByTestId('reply')).toHaveCount(1);
  await expectShownAsText(bob.page.getByTestId('reply'), [...CORE, ...MORE]);
  await expectInert(bob, 'post page with the author\'s own hostile reply');

  // Carol reads both, reports the post and the reply with hostile reasons.
  const carol = await person(browser, 'carol', { pro: true });
  await carol.page.goto(`/community/post/${postId}`);
  await expectShownAsText(carol.page.getByTestId('post-content'), [...CORE]);
  await expectShownAsText(carol.page.getByTestId('reply'), [...CORE]);
  await expectInert(carol, 'post page with a reply (a third member)');
  await carol.page.getByRole('button', { name: 'Report', exact: true }).click();
  const report = carol.page.getByRole('dialog', { name: 'Report this post?' });
  await report.getByLabel('Reason (optional)').fill(reportReason);
  await report.getByRole('button', { name: 'Report post' }).click();
  await expect(carol.page.getByTestId('toast')).toContainText('Content Reported');
  await carol.page.getByTestId('reply').getByRole('button', { name: `Report ${bob.account.username}'s reply` }).click();
  const replyReport = carol.page.getByRole('dialog', { name: 'Report this reply?' });
  await replyReport.getByLabel('Reason (optional)').fill(replyReportReason);
  await replyReport.getByRole('button', { name: 'Report reply' }).click();
  await expect(carol.page.getByTestId('toast')).toContainText('A moderator will review this reply.');
  await expectInert(carol, 'post page after reporting');

  // Alice reads Bob's reply on her post; the forum's sidebar lists the post as trending.
  await page.goto(`/community/post/${postId}`);
  await expectShownAsText(page.getByTestId('reply'), [...CORE, ...MORE]);
  await expectInert(alice, 'the author\'s post page with another member\'s reply');
  await page.goto('/community?sort=new');
  await expectShownAsText(page.getByTestId('post-card').filter({ hasText: `T${stamp}` }), [title]);
  await expectShownAsText(page.getByRole('complementary').getByRole('link', { name: `T${stamp}` }), [title]);
  await expectInert(alice, 'community list with the sidebar');

  // The admin: the forum, the post page, and the moderation queue with both reports.
  const admin = await unlockedAdmin(browser);
  await admin.page.goto('/community?sort=new');
  await expectShownAsText(admin.page.getByTestId('post-card').filter({ hasText: `T${stamp}` }), [title]);
  await expectInert(admin, 'community list (admin)');
  await admin.page.goto(`/community/post/${postId}`);
  await expectShownAsText(admin.page.getByTestId('post-content'), [...CORE, ...MORE]);
  await expectShownAsText(admin.page.getByTestId('reply'), [...CORE, ...MORE]);
  await expectInert(admin, 'post page (admin)');
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Moderation' }).click();
  const postCard = admin.page.getByTestId(`moderation-post-${postId}`);
  await expectShownAsText(postCard, [title, ...CORE, ...MORE, reportReason]);
  const replyCard = admin.page.locator('[data-testid^="moderation-reply-"]').filter({ hasText: `R${stamp}` });
  await expectShownAsText(replyCard, [title, ...CORE, ...MORE, replyReportReason]);
  await expect(replyCard.getByRole('link', { name: title })).toHaveAttribute('href', `/community/post/${postId}`);
  await expectInert(admin, 'admin moderation queue');

  // The audit log after a decision names the post by its (hostile) title, as text.
  await postCard.getByRole('button', { name: 'Dismiss reports' }).click();
  await expect(admin.page.getByTestId('toast')).toBeVisible();
  await admin.page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(admin.page.getByTestId('audit-log')).toBeVisible();
  await expectInert(admin, 'admin audit log after moderating');

  expect([...alice.dialogs, ...bob.problems, ...carol.problems, ...admin.problems]).toEqual([]);
  await Promise.all([bob.close(), carol.close(), admin.close()]);
});

test('feedback stays text in the admin\'s triage', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const rep = watch(page, 'rep', false);
  expect((await page.request.post('/api/auth/signup', { data: newAccount() })).status()).toBe(201);
  const stamp = Date.now().toString(36);
  const subject = `F${stamp} ${IMG} ${SVG} ${IFRAME} ${MD_IMAGE}`;
  const message = `Feedback ${FULL_TEXT}`;
  await page.goto('/feedback');
  await page.getByLabel('Feedback type').selectOption({ label: 'Bug Report' });
  await page.getByLabel('Category').selectOption({ label: 'Community Forum' });
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Feedback Submitted!' })).toBeVisible();
  await expectInert(rep, 'feedback sent');

  const admin = await unlockedAdmin(browser);
  await admin.page.getByRole('tab', { name: 'Feedback' }).click();
  const item = admin.page.locator('[data-testid^="feedback-"]').filter({ hasText: `F${stamp}` });
  await expectShownAsText(item, [subject, ...CORE, ...MORE]);
  await expectInert(admin, 'admin feedback triage');
  // Its status toast quotes the subject.
  await item.getByLabel('Status').selectOption({ label: 'Reviewed' });
  await expectShownAsText(admin.page.getByTestId('toast'), [subject]);
  await expectInert(admin, 'admin feedback status toast');
  expect([...rep.dialogs, ...admin.problems]).toEqual([]);
  await admin.close();
});
