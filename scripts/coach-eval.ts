/**
 * `npm run coach:eval -- <file.json>`: runs the built-in playbook engine over a scenario file
 * (the format of the dev set of docs/coach-eval.md, defined in coach/playbook/scenario-file.ts) and
 * prints each prediction, then stage and topic accuracy (topic is right when topics[0] is one of
 * the expected) and whether every coaching reply names a method and ends with a question or
 * options.
 */
import { evaluateScenarios } from '../src/server/modules/coach/playbook/evaluate.js';
import { readScenarioFile } from '../src/server/modules/coach/playbook/scenario-file.js';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run coach:eval -- <scenarios.json>');
  process.exit(2);
}
const report = await evaluateScenarios(readScenarioFile(file));
for (const r of report.rows) {
  const mark = (ok: boolean) => (ok ? 'ok ' : 'XX ');
  console.log(
    `${r.id.padEnd(6)} stage ${mark(r.stageOk)}${r.predictedStage.padEnd(7)} (want ${r.expectedStage.padEnd(6)})  topic ${mark(r.topicOk)}${(r.predictedTopics[0] ?? '-').padEnd(19)} (want ${r.expectedTopics.join('|')})  reply ${mark(r.replyOk)}${r.method ?? '-'}  ${r.message}`,
  );
}
const pct = (n: number) => `${((100 * n) / report.rows.length).toFixed(1)} %`;
console.log(`\n${report.rows.length} scenarios`);
console.log(`stage accuracy: ${pct(report.stageCorrect)} (${report.stageCorrect}/${report.rows.length})`);
console.log(`topic accuracy: ${pct(report.topicCorrect)} (${report.topicCorrect}/${report.rows.length})`);
console.log(`coaching replies that name a method and end with a question or options: ${pct(report.replyCorrect)} (${report.replyCorrect}/${report.rows.length})`);
console.log(`engine reply time: p50 ${report.p50Ms.toFixed(2)} ms, p99 ${report.p99Ms.toFixed(2)} ms, max ${report.maxMs.toFixed(2)} ms`);
