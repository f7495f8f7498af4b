import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The built app on a fresh data directory and a free port, for the TypeScript benches
 * (bench:deck, bench:community): its URL once it says "Ready", its data directory (a bench may
 * write to its database directly), and a stop that ends it cleanly and removes the directory.
 */
export async function startBuiltApp(name: string): Promise<{ baseUrl: string; dataDir: string; stop: () => Promise<void> }> {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `salescoach-bench-${name}-`));
  fs.chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_IP: '100000' },
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`app did not start:\n${out}`)), 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Ready at (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`app exited (${code}):\n${out}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { baseUrl, dataDir, stop };
}
