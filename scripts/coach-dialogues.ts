/**
 * `npm run coach:dialogues -- <dialogues.json> [--verbose]`: runs whole conversations through the
 * real chat service (app and PostgreSQL, on a throwaway embedded database) with whichever coach
 * COACH_PROVIDER configures, and prints the pass rate of each check kind and overall, judged as
 * shared/coach-eval/DIALOGUES.md says.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { openDatabase } from '../src/server/db/database.js';
import { readEnv } from '../src/server/env.js';
import { readDialogueFile } from '../src/server/modules/coach/dialogues/dialogue-file.js';
import { CHECK_KINDS, tally, type CheckResult } from '../src/server/modules/coach/dialogues/judge.js';
import { runDialogue } from '../src/server/modules/coach/dialogues/run-dialogues.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run coach:dialogues -- <dialogues.json> [--verbose]');
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
const app = await buildApp({ env, db: database.db, now: () => new Date(), logger: false });
const all: CheckResult[] = [];
try {
  console.log(`${dialogues.length} dialogues from ${file}, coach: ${env.COACH_PROVIDER}${env.COACH_MODEL ? ` (${env.COACH_MODEL})` : ''}\n`);
  for (const dialogue of dialogues) {
    const outcome = await runDialogue(app, dialogue);
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
