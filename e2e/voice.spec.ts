import type { Page } from '@playwright/test';
import { chatSayer, expect, expectAccessible, screenshotsAtBothWidths, signUpThroughUi, skipChatWelcome, test } from './fixtures';

/*
 * Voice in a role-play (issue #27 item 4). Headless Chromium has no microphone and no voices that
 * could be checked, so the browser's speech services are replaced by init scripts: deleted (a
 * voice-less browser), or fakes the test drives and reads.
 */

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

/** A browser without speech: no recognition, no synthesis (as Firefox has no recognition). */
function withoutSpeech() {
  for (const name of ['SpeechRecognition', 'webkitSpeechRecognition', 'speechSynthesis', 'SpeechSynthesisUtterance']) {
    Reflect.deleteProperty(window, name);
    Reflect.deleteProperty(Window.prototype, name);
    if (name in window) Object.defineProperty(window, name, { value: undefined, configurable: true });
  }
}

declare global {
  interface Window {
    /** The fake recognition's record, and a way to make it "hear" words. */
    fakeMic?: { started: number; aborted: number; hear: (transcript: string, isFinal: boolean) => void };
    /** What the fake speechSynthesis was asked to say. */
    spokenLines?: string[];
  }
}

/** A SpeechRecognition that hears what the test tells it to, and records starts and aborts. */
function withFakeRecognition() {
  type Handler = ((event: unknown) => void) | null;
  const record = { started: 0, aborted: 0, hear: (_t: string, _f: boolean) => undefined as void };
  window.fakeMic = record;
  class FakeRecognition {
    lang = '';
    continuous = false;
    interimResults = false;
    onresult: Handler = null;
    onerror: Handler = null;
    onend: (() => void) | null = null;
    results: { transcript: string; isFinal: boolean }[] = [];
    start() {
      record.started += 1;
      record.hear = (transcript, isFinal) => {
        const last = this.results.at(-1);
        const index = last && !last.isFinal ? this.results.length - 1 : this.results.length;
        this.results[index] = { transcript, isFinal };
        const results = this.results.map((r) => Object.assign([{ transcript: r.transcript }], { isFinal: r.isFinal }));
        this.onresult?.({ resultIndex: index, results });
      };
    }
    stop() {
      setTimeout(() => this.onend?.(), 0);
    }
    abort() {
      record.aborted += 1;
    }
  }
  Object.defineProperty(window, 'SpeechRecognition', { value: undefined, configurable: true });
  Object.defineProperty(window, 'webkitSpeechRecognition', { value: FakeRecognition, configurable: true });
}

/** A speechSynthesis that says nothing and records each line it was given. */
function withFakeSynthesis() {
  const spoken: string[] = [];
  window.spokenLines = spoken;
  class FakeUtterance {
    lang = '';
    voice: unknown = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(public text: string) {}
  }
  const synth = {
    speaking: false,
    speak(u: FakeUtterance) {
      spoken.push(u.text);
      // A line "lasts" a moment, long enough for the button to show Stop.
      setTimeout(() => u.onend?.(), 1500);
    },
    cancel() {},
    getVoices: () => [{ lang: 'en-US', localService: true, name: 'Fake English', default: true, voiceURI: 'fake' }],
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
}

/** Signed up, onboarded as a boat dealer, and in a role-play where the coach plays the wife. */
async function intoRolePlay(page: Page) {
  await skipChatWelcome(page);
  await signUpThroughUi(page);
  expect((await page.request.post('/api/onboarding', { data: profile })).ok()).toBe(true);
  await page.goto('/chat');
  // The new conversation is open (a message typed before that waits in the box).
  await expect(page.getByText('Start a conversation with your AI sales coach!')).toBeVisible();
  const say = chatSayer(page);
  await say("Couples love the test ride, then at the end the wife says 'we need to sleep on it' and they leave.");
  const scene = await say("let's role-play it, you be the wife");
  await expect(scene).toContainText('The wife: "We need to sleep on it"');
  return say;
}

test('a voice-less browser shows no mic and no Speak button, and the rep plays the scene by typing', async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(withoutSpeech);
  const say = await intoRolePlay(page);
  await expect(page.getByLabel('Message', { exact: true })).toBeEditable();
  await expect(page.getByRole('button', { name: 'Dictate' })).toHaveCount(0);
  await expect(page.getByTestId('speak-line')).toHaveCount(0);
  await expect(page.getByText(/Read the buyer.s lines aloud/)).toHaveCount(0);
  const answer = await say("'that's fair, it's a big decision. can I ask what you'd want to be sure of first?'");
  await expect(answer).toContainText(/The wife: "/);
});

test('the mic shows Listening…, the dictated words land in the box, and sending them plays the turn', async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(withFakeRecognition);
  await page.addInitScript(withFakeSynthesis);
  await intoRolePlay(page);
  const mic = page.getByRole('button', { name: 'Dictate' });
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  // Never on by itself.
  expect(await page.evaluate(() => window.fakeMic?.started)).toBe(0);
  const box = page.getByLabel('Message', { exact: true });
  await box.fill('That is fair.');
  await mic.click();
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('dictation-listening')).toBeVisible();
  await expect(page.getByTestId('dictation-listening')).toContainText('Listening…');
  await expect(page.getByRole('status').filter({ hasText: 'Listening…' })).toHaveCount(1);
  await page.evaluate(() => window.fakeMic?.hear("it's a big decision, what would you want", false));
  await expect(box).toHaveValue("That is fair. it's a big decision, what would you want");
  await page.evaluate(() => window.fakeMic?.hear("it's a big decision. What would you want to be sure of first?", true));
  await expect(box).toHaveValue("That is fair. it's a big decision. What would you want to be sure of first?");
  await screenshotsAtBothWidths(page, 'voice', 'listening');
  await expectAccessible(page, 'the chat with the mic listening');

  const coach = page.getByTestId('coach-message');
  const before = await coach.count();
  await page.getByRole('button', { name: 'Send message' }).click();
  // Sending stops the mic; the words went with the message, and the box is empty again.
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('dictation-listening')).toHaveCount(0);
  expect(await page.evaluate(() => window.fakeMic?.aborted)).toBeGreaterThan(0);
  await expect(page.getByTestId('user-message').last()).toHaveText("That is fair. it's a big decision. What would you want to be sure of first?");
  await expect(coach).toHaveCount(before + 1);
  await expect(coach.last()).toContainText(/The wife: "/);
  await expect(box).toHaveValue('');
});

test("a buyer's line is spoken from its Speak button, and with Read aloud on each new line is spoken by itself", async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(withFakeSynthesis);
  const say = await intoRolePlay(page);
  const speak = page.getByRole('button', { name: "Speak the wife's line" });
  await expect(speak).toHaveCount(1);
  expect(await page.evaluate(() => window.spokenLines)).toEqual([]);
  await speak.click();
  await expect(page.getByRole('button', { name: 'Stop speaking' })).toBeVisible();
  expect(await page.evaluate(() => window.spokenLines)).toEqual(['We need to sleep on it']);

  const toggle = page.getByRole('switch', { name: /Read the buyer.s lines aloud/ });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  const reply = await say("'trust me, this price is only good today, you need to decide now'");
  const line = /The wife: "([^"]+)"/.exec((await reply.textContent()) ?? '')?.[1];
  expect(line).toBeTruthy();
  await expect.poll(() => page.evaluate(() => window.spokenLines?.at(-1))).toBe(line);
  // Remembered in this browser: still on after a reload.
  await page.reload();
  await expect(page.getByRole('switch', { name: /Read the buyer.s lines aloud/ })).toBeChecked();
});
