// Runs the built app for the browser tests on a fresh, throwaway data directory (under the
// system temp dir, which PostgreSQL's user can reach when tests run as root) and removes it after.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salescoach-e2e-'));
fs.chmodSync(dataDir, 0o755);
// Where this server's data lives, so a journey can run `npm run admin` against it (e2e/fixtures.ts
// grantAdmin reads this same path).
const dataDirNote = path.join(os.tmpdir(), `salescoach-e2e-${process.env.PORT}.datadir`);
fs.writeFileSync(dataDirNote, dataDir);
const child = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRIAL_DAYS: process.env.TRIAL_DAYS ?? '60',
    // The journeys that must see a period end move the sandbox's clock (POST /api/sandbox/advance-clock).
    SANDBOX_TEST_CLOCK: '1',
    // Two training parts with a video and two without, so the journeys see both kinds (never played: no network).
    TRAINING_VIDEO_IDS: process.env.TRAINING_VIDEO_IDS ?? 'e2eVideo001,,e2eVideo003,',
  },
});
const forward = (signal) => () => child.kill(signal);
process.on('SIGTERM', forward('SIGTERM'));
process.on('SIGINT', forward('SIGINT'));
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(dataDirNote, { force: true });
  process.exit(code ?? 0);
});
