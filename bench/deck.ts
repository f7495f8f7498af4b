/**
 * `npm run bench:deck`: objection drills answered through the built app (issue #27 item 3's target:
 * a drill answer scored in ≤ 300 ms p99 with the built-in coach). A trial rep adds CARDS lines,
 * then answers DRILLS drills one after another, cycling through the cards and through answers the
 * rubric scores differently (so FSRS takes each rating). Each figure is the wall time of one
 * `POST /api/deck/cards/:id/answer` over localhost: the session read, the plan gate, the rubric,
 * the FSRS step and the transaction that reschedules the card and logs the review.
 * DRILLS (env) sets the answers measured (300), CARDS the deck's size (50).
 */
import { startBuiltApp } from './built-app.js';

const DRILLS = Number(process.env.DRILLS ?? 300);
const CARDS = Number(process.env.CARDS ?? 50);
const WARM_UP = 20;

const ANSWERS = [
  "That's fair, I hear you. What would you need to see to feel sure? Could we sit down Thursday at 6 and go over it?",
  'Trust me, you need this and the price goes up tomorrow.',
  "Totally fair. What's behind that for you?",
  'We are the best company around.',
  "I get it. Can I ask what they included for that price? If it helps, I'll send you a side by side by Friday.",
];

const { baseUrl, stop: stopApp } = await startBuiltApp('deck');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

try {
  const username = `bench_deck_${Date.now().toString(36)}`;
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'Bench-Marking-2026' }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  const headers = { 'content-type': 'application/json', origin: baseUrl, cookie };

  const ids: number[] = [];
  for (let i = 0; i < CARDS; i++) {
    const res = await fetch(`${baseUrl}/api/deck`, { method: 'POST', headers, body: JSON.stringify({ text: `Buyer objection number ${i + 1}: we need to think about it` }) });
    if (res.status !== 201) throw new Error(`add card: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { id: number }).id);
  }

  const ratings: Record<string, number> = {};
  const drill = async (i: number) => {
    const id = ids[i % ids.length];
    const answer = ANSWERS[i % ANSWERS.length];
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/deck/cards/${id}/answer`, { method: 'POST', headers, body: JSON.stringify({ answer }) });
    const body = (await res.json()) as { rating?: string };
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`answer: ${res.status} ${JSON.stringify(body)}`);
    ratings[body.rating ?? '?'] = (ratings[body.rating ?? '?'] ?? 0) + 1;
    return ms;
  };
  for (let i = 0; i < WARM_UP; i++) await drill(i);
  const times: number[] = [];
  for (let i = 0; i < DRILLS; i++) times.push(await drill(WARM_UP + i));
  times.sort((a, b) => a - b);
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  const p99 = percentile(times, 99);
  console.log(`deck drills: ${DRILLS} scored answers over ${CARDS} cards (after ${WARM_UP} to warm up), sequential, built-in coach`);
  console.log(`  p50 ${f(percentile(times, 50))}   p95 ${f(percentile(times, 95))}   p99 ${f(p99)}   max ${f(times.at(-1) ?? NaN)}`);
  console.log(`  ratings: ${Object.entries(ratings).map(([r, n]) => `${r} ${n}`).join(', ')}`);
  console.log(`  target p99 ≤ 300 ms: ${p99 <= 300 ? 'met' : 'NOT met'}`);
} finally {
  await stopApp();
}
