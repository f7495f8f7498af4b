import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5055);
/** A second app with no trial, so a new account is on the free tier at once (e2e/free-tier.spec.ts). */
const freePort = port + 1;
/** A third app whose coach runs on a fake model that stalls mid-reply (e2e/model-stall.spec.ts), and that model. */
const modelPort = port + 2;
const fakeModelPort = port + 3;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser journeys against the built app (`npm run build` first), on a throwaway database.
 * Debian's Chromium, never a downloaded browser (none can be fetched on these machines).
 */
export default defineConfig({
  testDir: 'e2e',
  // Not test-results/ itself: Playwright empties its output folder, and vitest's report lives there.
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 420, height: 860 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `node e2e/serve.mjs`,
      url: `http://127.0.0.1:${port}/api/health`,
      env: { PORT: String(port) },
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      // SIGTERM lets the app close its embedded PostgreSQL; a SIGKILL would leave it running.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    },
    {
      command: `node e2e/fake-model.mjs`,
      url: `http://127.0.0.1:${fakeModelPort}/v1/models`,
      env: { PORT: String(fakeModelPort) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
    },
    {
      command: `node e2e/serve.mjs`,
      url: `http://127.0.0.1:${modelPort}/api/health`,
      env: {
        PORT: String(modelPort),
        COACH_PROVIDER: 'openai-compatible',
        COACH_BASE_URL: `http://127.0.0.1:${fakeModelPort}/v1`,
        COACH_MODEL: 'fake-e2e-model',
        COACH_FIRST_TOKEN_TIMEOUT_MS: '3000',
        COACH_CHUNK_TIMEOUT_MS: '1500',
      },
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    },
    {
      command: `node e2e/serve.mjs`,
      url: `http://127.0.0.1:${freePort}/api/health`,
      env: { PORT: String(freePort), TRIAL_DAYS: '0' },
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    },
  ],
});
