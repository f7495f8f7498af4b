/**
 * `npm run coach:dialogues -- <dialogues.json> [--verbose] [--concurrency N] [--allow-fallback]`:
 * runs whole conversations through the real chat service (app and PostgreSQL, on a throwaway
 * embedded database) with whichever coach COACH_PROVIDER configures, and prints the pass rate of
 * each check kind and overall, judged as docs/coach-eval.md says. With a model, it
 * also prints how many replies the built-in coach had to write instead, the model's latency and
 * its tokens, and fails (exit 1) when any reply came from the built-in coach: such a run does not
 * measure the model. `--allow-fallback` counts them anyway.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { openDatabase } from '../src/server/db/database.js';
import { readEnv } from '../src/server/env.js';
import { createLogger } from '../src/server/logger.js';
import { selectCoachEngine, type CoachTurnReport } from '../src/server/modules/coach/service.js';
import { readDialogueFile } from '../src/server/modules/coach/dialogues/dialogue-file.js';
import { CHECK_KINDS, tally, type CheckResult } from '../src/server/modules/coach/dialogues/judge.js';
import { runDialogue, type DialogueOutcome } from '../src/server/modules/coach/dialogues/run-dialogues.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const allowFallback = args.includes('--allow-fallback');
const concurrencyAt = args.indexOf('--concurrency');
const concurrency = concurrencyAt === -1 ? 1 : Math.max(1, Number(args[concurrencyAt + 1]) || 1);
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--concurrency');
if (!file) {
  console.error('Usage: npm run coach:dialogues -- <dialogues.json> [--verbose] [--concurrency N] [--allow-fallback]');
  process.exit(2);
}
const dialogues = readDialogueFile(file);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salescoach-dialogues-'));
fs.chmodSync(dataDir, 0o755);
const { DATABASE_URL: _external, ...environment } = process.env;
const env = readEnv({
  ...environment,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  // Many reps sign up from one address and talk fast: the limits are not what this measures.
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  CHAT_MESSAGES_PER_MINUTE: '1000000',
  CHAT_CONVERSATIONS_PER_HOUR: '1000000',
});
const database = await openDatabase(env, () => {});
const reports: CoachTurnReport[] = [];
const coach = await selectCoachEngine(env, { onTurn: (report) => reports.push(report) });
const app = await buildApp({ env, db: database.db, now: () => new Date(), logger: createLogger('silent'), coach });
const all: CheckResult[] = [];
const about = coach.describe?.();
try {
  console.log(`${dialogues.length} dialogues from ${file}, coach: ${env.COACH_PROVIDER}${about?.model ? ` (${about.model} at ${about.host}, ${about.output})` : ''}${concurrency > 1 ? `, ${concurrency} at a time` : ''}\n`);
  const outcomes: Array<DialogueOutcome | undefined> = Array.from({ length: dialogues.length });
  let nextIndex = 0;
  // Dialogues run side by side (a slow model's wait overlaps); each one's turns stay in order.
  await Promise.all(
    Array.from({ length: Math.min(concurrency, dialogues.length) }, async () => {
      for (let i = nextIndex++; i < dialogues.length; i = nextIndex++) {
        const dialogue = dialogues[i];
        if (dialogue) outcomes[i] = await runDialogue(app, dialogue);
      }
    }),
  );
  for (const outcome of outcomes) {
    if (!outcome) continue;
    const checks = outcome.turns.flatMap((t) => t.checks);
    all.push(...checks);
    const passed = checks.filter((c) => c.pass).length;
    console.log(`${outcome.id.padEnd(8)} ${passed}/${checks.length}`);
    if (!verbose) continue;
    outcome.turns.forEach((turn, i) => {
      console.log(`  turn ${i + 1}  rep: ${turn.rep}`);
      const c = turn.reply.coaching;
      console.log(`          coach [${c ? `${c.stage}; ${c.topics.join(',')}; ${c.method ?? 'no method'}` : 'no coaching'}]: ${turn.reply.text.replace(/\s+/g, ' ')}`);
      for (const check of turn.checks.filter((x) => !x.pass)) console.log(`          FAIL ${check.kind}: ${check.detail ?? ''}`);
    });
    console.log('');
  }
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const { byKind, overall } = tally(all);
const pct = (p: number, t: number) => `${((100 * p) / Math.max(1, t)).toFixed(1)} %`.padStart(7);
console.log('\ncheck kind            passed');
for (const kind of CHECK_KINDS) {
  const t = byKind.get(kind);
  if (t) console.log(`${kind.padEnd(20)} ${pct(t.pass, t.total)}  (${t.pass}/${t.total})`);
}
console.log(`${'overall'.padEnd(20)} ${pct(overall.pass, overall.total)}  (${overall.pass}/${overall.total})`);

if (reports.length > 0) {
  const fallbacks = reports.filter((r) => r.outcome === 'fallback');
  const incomplete = reports.filter((r) => r.outcome === 'incomplete');
  const answered = reports.filter((r) => r.outcome === 'complete' || r.outcome === 'incomplete');
  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) : 0;
  };
  const sum = (pick: (r: CoachTurnReport) => number | undefined) => answered.reduce((total, r) => total + (pick(r) ?? 0), 0);
  const totals = answered.map((r) => r.totalMs);
  const firsts = answered.flatMap((r) => (r.firstTextMs === undefined ? [] : [r.firstTextMs]));
  console.log(`\nmodel turns          ${reports.length}: ${answered.length} answered by the model (${incomplete.length} cut short and marked), ${fallbacks.length} by the built-in coach instead`);
  const reasons = new Map<string, number>();
  for (const r of fallbacks) reasons.set(r.reason ?? 'unknown', (reasons.get(r.reason ?? 'unknown') ?? 0) + 1);
  for (const [reason, n] of reasons) console.log(`  fallback: ${n} x ${reason}`);
  if (answered.length > 0) {
    console.log(`latency              first text p50 ${(quantile(firsts, 0.5) / 1000).toFixed(1)} s, p95 ${(quantile(firsts, 0.95) / 1000).toFixed(1)} s; whole reply p50 ${(quantile(totals, 0.5) / 1000).toFixed(1)} s, p95 ${(quantile(totals, 0.95) / 1000).toFixed(1)} s`);
    console.log(`tokens               prompt ${sum((r) => r.promptTokens)} (cached ${sum((r) => r.cachedTokens)}), completion ${sum((r) => r.completionTokens)}; re-asked for text ${answered.filter((r) => r.reasked).length} time(s)`);
  }
  if (fallbacks.length > 0 && !allowFallback) {
    console.log(`\nFAILED: ${fallbacks.length} of ${reports.length} replies came from the built-in coach, so this run does not measure the model. Fix the provider settings, or pass --allow-fallback to count them anyway.`);
    process.exitCode = 1;
  }
}
