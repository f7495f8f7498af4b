/**
 * `npm run bench:coach`: the built-in engine's own reply time (no HTTP, no database), over every
 * scenario of a file and a follow-up turn for each, after one warm-up call (the first call also
 * trains the classifier; that cold time is printed separately). The bound: p99 < 30 ms.
 */
import type { HistoryMessage, RepProfile } from '../src/server/modules/coach/engine.js';
import { playbookReply } from '../src/server/modules/coach/playbook/playbook-engine.js';
import { readScenarioFile } from '../src/server/modules/coach/playbook/scenario-file.js';

const file = process.argv[2] ?? 'bench/coach-eval/holdout.json';
const scenarios = readScenarioFile(file);
const profile: RepProfile = {
  username: 'bench',
  industry: 'Solar',
  product: 'home solar panels',
  salesExperience: '3-5 years',
  biggestStruggle: null,
  targetIncome: 8000,
  currentIncome: 5000,
  city: null,
  state: null,
};
const knowledge = [{ title: 'Objection handling › Price', content: 'Clarify what the price is compared with. Then answer with the cost of the problem.', rank: 0.4 }];

let t0 = performance.now();
playbookReply({ profile, history: [], message: 'warm-up: cold calls', knowledge });
const coldMs = performance.now() - t0;

const times: number[] = [];
for (let round = 0; round < 50; round++) {
  for (const sc of scenarios) {
    t0 = performance.now();
    const first = playbookReply({ profile, history: [], message: sc.message, knowledge });
    times.push(performance.now() - t0);
    const history: HistoryMessage[] = [
      { role: 'user', content: sc.message },
      { role: 'assistant', content: first.content, options: first.options, coaching: first.coaching, state: first.state ?? null },
    ];
    t0 = performance.now();
    playbookReply({ profile, history, message: first.options[0] ?? 'Give me another tip', knowledge });
    times.push(performance.now() - t0);
  }
}
times.sort((a, b) => a - b);
const q = (p: number) => (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(3);
console.log(`engine replies: ${times.length} (${scenarios.length} scenarios x 2 turns x 50 rounds)`);
console.log(`first call (trains the classifier): ${coldMs.toFixed(1)} ms`);
console.log(`reply time: p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${(times.at(-1) ?? 0).toFixed(3)} ms (bound: p99 < 30 ms)`);
