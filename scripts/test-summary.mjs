// Prints "N passed, N failed" for CI from the runners' JSON reports (vitest, Playwright, resilience).
// A failing step that ran no test (lint, typecheck, build) counts as one failure, so a red
// run never reads as green.
import fs from 'node:fs';

const exitStatus = Number(process.argv[2] ?? 0);
const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
}
const playwright = read('test-results/playwright.json');
if (playwright?.stats) {
  const s = playwright.stats;
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  console.log(`playwright: ${(s.expected ?? 0) + (s.flaky ?? 0)} passed, ${s.unexpected ?? 0} failed`);
}
const resilience = read('test-results/resilience.json');
if (resilience) {
  passed += resilience.passed ?? 0;
  failed += resilience.failed ?? 0;
  console.log(`resilience: ${resilience.passed} checks passed, ${resilience.failed} failed`);
}
if (exitStatus !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
