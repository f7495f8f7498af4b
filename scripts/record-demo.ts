// Records the tutorial's demo from the app itself: `npm run build && npm run demo:record`.
//
// Starts the built app on a fresh data directory, signs up and onboards a rep, and has one short
// exchange with the built-in coach in Chromium at a phone's size. Each step's screen is kept as a
// WebP image with a caption taken from the text on that screen, and a manifest lists them
// (src/client/features/tutorial/demo/walkthrough.json). The tutorial plays those steps as an
// animated walkthrough (product §6.4). A walkthrough, not a video: Playwright records video only
// with its own ffmpeg, which these machines do not have and cannot download.
//
// Re-record after the chat's look changes, so the tutorial shows the app as it is.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';
import { CHAT_WELCOME_SEEN_COOKIE } from '#shared/chat-welcome';
import { DEMO_IMAGE_MAX_BYTES, DEMO_TOTAL_MAX_BYTES, type Walkthrough, type WalkthroughStep } from '../src/client/features/tutorial/lib/walkthrough.js';

const port = Number(process.env.DEMO_PORT ?? 5091);
const baseURL = `http://127.0.0.1:${port}`;
const outDir = path.resolve(process.env.DEMO_OUT ?? 'src/client/features/tutorial/demo');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 390, height: 844 };

/** The rep the demo signs up: a door-to-door solar rep, the example the tutorial used before (issue #25). */
const PROFILE = {
  age: 31,
  city: 'Phoenix',
  state: 'AZ',
  salesExperience: '1-2 years',
  currentIncome: 3800,
  targetIncome: 6000,
  biggestStruggle: 'People say "let me think about it" after the price and I never hear back.',
  industry: 'Home solar',
  product: 'Residential solar panels',
};

/**
 * What the rep says, in order, and which part of the coach's reply the step's caption quotes:
 * the problem (the coach's diagnosis), a follow-up (the technique it names), and the question of
 * what to say (the line it gives).
 */
const EXCHANGE: readonly { rep: string; quote: (paragraphs: string[]) => string | undefined }[] = [
  {
    rep: 'I sell home solar. After I give the price, people say "let me think about it" and I never hear back.',
    quote: (p) => p[0],
  },
  { rep: 'It just stops. They thank me and close the door.', quote: (p) => p.find((line) => line.includes('Method:')) },
  { rep: 'What exactly do I say when they tell me they need to think about it?', quote: (p) => p.find((line) => /^(Say|Try saying):/.test(line)) },
];

/** The caption of one step: the rep's words and the coach's, as the screen shows them. */
function caption(rep: string, reply: string, quote: (paragraphs: string[]) => string | undefined): string {
  const paragraphs = reply.split(/\n+/).map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const coach = quote(paragraphs) ?? paragraphs[0] ?? '';
  return `You: ${rep}\nCoach: ${coach}`;
}

if (!fs.existsSync('dist/server/main.js')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salescoach-demo-'));
// PostgreSQL's own user must reach the folder when this runs as root.
fs.chmodSync(dataDir, 0o755);
const server = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
});
const serverExited = new Promise<void>((resolve) => server.on('exit', () => resolve()));

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app did not answer on ${baseURL}/api/health within 90 s`);
}

/** Sends a line from the chat's box and waits until the coach's reply is stored. The reply. */
async function say(page: Page, text: string): Promise<Locator> {
  const coach = page.getByTestId('coach-message');
  const before = await coach.count();
  const box = page.getByLabel('Message', { exact: true });
  await box.fill(text);
  await box.press('Enter');
  await coach.nth(before).waitFor();
  // The header's New Chat waits while a reply is written: enabled again means it is stored.
  await page.waitForFunction(() => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('New Chat'));
    return button !== undefined && !button.disabled;
  });
  return coach.nth(before);
}

/**
 * Encodes a PNG screenshot as WebP in the browser itself (Chromium's encoder; no image package
 * needed), lowering the quality until it fits the per-image budget.
 */
async function toWebp(page: Page, png: Buffer): Promise<Buffer> {
  for (const quality of [0.8, 0.7, 0.6, 0.5, 0.4]) {
    const dataUrl = await page.evaluate(
      async ({ src, q }) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        canvas.getContext('2d')?.drawImage(img, 0, 0);
        return canvas.toDataURL('image/webp', q);
      },
      { src: `data:image/png;base64,${png.toString('base64')}`, q: quality },
    );
    const webp = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    if (webp.length <= DEMO_IMAGE_MAX_BYTES) return webp;
  }
  throw new Error(`a step's image stays over ${DEMO_IMAGE_MAX_BYTES} bytes at the lowest quality`);
}

async function record(): Promise<void> {
  await waitForHealth();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    // Reduced motion: no entry animation is caught half-way in a screenshot.
    const context = await browser.newContext({ baseURL, viewport: VIEWPORT, deviceScaleFactor: 1, hasTouch: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const encoder = await context.newPage();

    const tag = Date.now().toString(36);
    await page.goto('/signup');
    await page.getByLabel('Username').fill(`demo_${tag}`);
    await page.getByLabel('Email').fill(`demo_${tag}@example.com`);
    await page.getByLabel('Password').fill('Closing-Time-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/onboarding/);
    const onboarded = await page.request.post('/api/onboarding', { data: PROFILE });
    if (!onboarded.ok()) throw new Error(`onboarding failed: ${onboarded.status()} ${await onboarded.text()}`);
    await context.addCookies([{ name: CHAT_WELCOME_SEEN_COOKIE, value: '1', domain: '127.0.0.1', path: '/' }]);
    await page.goto('/chat');
    await page.getByLabel('Message', { exact: true }).waitFor();
    // The trial's banner is about the plan, not the coaching: closed, as a rep would, so the screens show the exchange.
    const banner = page.getByRole('button', { name: 'Dismiss the trial banner' });
    if (await banner.isVisible()) await banner.click();

    const shots: { png: Buffer; caption: string }[] = [];
    const snap = async (caption: string) => {
      // No focus ring on the message box in the picture; settle the scroll first.
      await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
      await page.waitForTimeout(400);
      shots.push({ png: await page.screenshot({ type: 'png' }), caption });
    };

    for (const { rep, quote } of EXCHANGE) {
      const reply = (await (await say(page, rep)).innerText()).trim();
      console.log(`rep: ${rep}\ncoach: ${reply}\n`);
      // The rep's line at the top, the start of the coach's reply under it.
      await page.getByTestId('user-message').last().evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await snap(caption(rep, reply, quote));
    }

    fs.mkdirSync(outDir, { recursive: true });
    for (const file of fs.readdirSync(outDir)) if (file.endsWith('.webp')) fs.rmSync(path.join(outDir, file));
    const steps: WalkthroughStep[] = [];
    let total = 0;
    for (const [i, shot] of shots.entries()) {
      const file = `step-${i + 1}.webp`;
      const webp = await toWebp(encoder, shot.png);
      fs.writeFileSync(path.join(outDir, file), webp);
      // DEMO_PNG_DIR: the screens as PNG too, to look at them where WebP cannot be opened.
      if (process.env.DEMO_PNG_DIR) fs.writeFileSync(path.join(process.env.DEMO_PNG_DIR, `step-${i + 1}.png`), shot.png);
      total += webp.length;
      steps.push({ image: file, caption: shot.caption });
      console.log(`${file}: ${webp.length} bytes`);
    }
    if (total > DEMO_TOTAL_MAX_BYTES) throw new Error(`the walkthrough is ${total} bytes, over its ${DEMO_TOTAL_MAX_BYTES}`);
    const manifest: Walkthrough = { width: VIEWPORT.width, height: VIEWPORT.height, steps };
    fs.writeFileSync(path.join(outDir, 'walkthrough.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`walkthrough: ${steps.length} steps, ${total} bytes, in ${path.relative(process.cwd(), outDir)}`);
  } finally {
    await browser.close();
  }
}

try {
  await record();
} finally {
  // SIGTERM lets the app close its embedded PostgreSQL.
  server.kill('SIGTERM');
  await serverExited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
