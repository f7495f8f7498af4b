import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { runExclusive } from './exclusive-job.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('jobs that several instances schedule', () => {
  it('runs a job on one instance at a time, and again once the first is done', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const first = runExclusive(t.db, 'test-job', async () => {
      runs++;
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A second instance's tick while the first is still working: skipped, not queued.
    expect(await runExclusive(t.db, 'test-job', async () => void runs++)).toBe(false);
    expect(await runExclusive(t.db, 'other-job', async () => {})).toBe(true);
    release();
    expect(await first).toBe(true);
    expect(await runExclusive(t.db, 'test-job', async () => void runs++)).toBe(true);
    expect(runs).toBe(2);
  });
});
