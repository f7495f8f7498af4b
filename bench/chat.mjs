// `npm run bench:chat`: signed-in users sending messages through POST /api/chat/message with the
// built-in coach, against a bare node:http server in the same run. Three measurements:
// - the 4th and the 40th message of a conversation: conversations brought to 3 (or 39) messages
//   first, then each sent exactly one more; the CPU per message (app + PostgreSQL) of the two shows
//   whether a message costs more the longer the conversation (issue #26 item 9);
// - a mix of conversation lengths up to 40, 50 connections for 10 s: req/s, p50, p99, the ratio to
//   the bare server and the CPU per message, which the target line judges.
// "Message" counts the rep's messages; each one also stores the coach's reply.
import os from 'node:os';
import { load, printTable, signUp, startApp, startBaseline, withCpuPerRequest } from './lib.mjs';

const USERS = 10;
// CONVERSATIONS (env) changes how many conversations each measurement spreads its messages over.
const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? 300);
const LONGEST = 40;
const MESSAGES = [
  'Cold calls are killing me. People hang up within the first ten seconds.',
  'They keep telling me they already have a vendor they are happy with.',
  'After I send the proposal they go completely silent.',
  'Give me another tip',
  'During demos people lose attention halfway through.',
  'I never know how to ask for the sale without sounding pushy.',
];

const baseline = await startBaseline();
// The per-user chat limits stay on (their counter is part of each message's cost) but high
// enough that no benchmark request is refused.
const app = await startApp({
  AUTH_RATE_LIMIT_PER_IP: '100000',
  CHAT_MESSAGES_PER_MINUTE: '100000000',
  CHAT_CONVERSATIONS_PER_HOUR: '100000000',
  COACH_STREAM_DELAY_MS: '0',
  DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? '10',
});

const cookies = [];
for (let u = 0; u < USERS; u++) cookies.push(await signUp(app.url, `${Date.now().toString(36)}_${u}`));

/** `count` conversations, each with its first message (New Chat reuses an empty one, so one at a time). */
async function conversations(count) {
  const made = [];
  for (let c = 0; c < count; c++) {
    const cookie = cookies[c % USERS];
    const res = await fetch(`${app.url}/api/chat/session`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    const { sessionId } = await res.json();
    await fetch(`${app.url}/api/chat/message`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ sessionId, message: MESSAGES[0] }) });
    made.push({ cookie, sessionId, sent: 1 });
  }
  return made;
}

/** Requests that send the next message to the next conversation `pick` chooses. */
function sending(pick) {
  return [
    {
      method: 'POST',
      path: '/api/chat/message',
      setupRequest: (req) => {
        const t = pick();
        const message = MESSAGES[t.sent % MESSAGES.length];
        t.sent++;
        return { ...req, headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ sessionId: t.sessionId, message }) };
      },
    },
  ];
}

/** Round robin: with more conversations than connections, no conversation has two messages in flight. */
const roundRobin = (targets) => {
  let i = 0;
  return () => targets[i++ % targets.length];
};

/** Brings each conversation of `targets` to its `goal` messages (the ones still short, in turn). */
async function grow(targets) {
  const amount = targets.reduce((n, t) => n + Math.max(0, t.goal - t.sent), 0);
  let i = 0;
  const nextShort = () => {
    for (let tries = 0; tries < targets.length; tries++) {
      const t = targets[i++ % targets.length];
      if (t.sent < t.goal) return t;
    }
    return targets[i++ % targets.length];
  };
  if (amount > 0) await load('grow', { url: app.url, requests: sending(nextShort), amount });
}

/** The CPU per message of each conversation's `nth` message: one message to each. */
async function atMessage(nth) {
  const targets = await conversations(CONVERSATIONS);
  for (const t of targets) t.goal = nth - 1;
  await grow(targets);
  return withCpuPerRequest(app, () => load(`message ${nth} of a conversation`, { url: app.url, requests: sending(roundRobin(targets)), amount: targets.length }));
}

const perMessage = (row) => (row.cpu ? row.cpu.appMs + row.cpu.postgresMs : NaN);
const cpuLine = (row) => (row.cpu ? `app ${row.cpu.appMs.toFixed(2)} ms + PostgreSQL ${row.cpu.postgresMs.toFixed(2)} ms = ${perMessage(row).toFixed(2)} ms` : 'not measured (no /proc or an external database)');

try {
  // Twice as many conversations, of every length from 1 to 39 messages; the load sends each its next one, skipping
  // those that reached 40, so the mix stays spread over lengths up to 40.
  const mixed = await conversations(2 * CONVERSATIONS);
  let g = 0;
  for (const t of mixed) t.goal = 1 + (g++ % (LONGEST - 1));
  await grow(mixed);
  let m = 0;
  const nextShort = () => {
    for (let tries = 0; tries < mixed.length; tries++) {
      const t = mixed[m++ % mixed.length];
      if (t.sent < LONGEST) return t;
    }
    return mixed[m++ % mixed.length];
  };
  await load('warm-up', { url: app.url, requests: sending(nextShort), duration: 2 });

  const fourth = await atMessage(4);
  const fortieth = await atMessage(LONGEST);
  const base = await load('bare node:http', { url: baseline.url });
  const mix = await withCpuPerRequest(app, () => load(`mix of lengths 1-${LONGEST}`, { url: app.url, requests: sending(nextShort) }));
  printTable([base, mix, fourth, fortieth], base);

  console.log(`\nCPU per chat message (the load generator shares the same ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}):`);
  console.log(`  4th message of a conversation:  ${cpuLine(fourth)} (${fourth.total} messages)`);
  console.log(`  40th message of a conversation: ${cpuLine(fortieth)} (${fortieth.total} messages)`);
  console.log(`  mix of lengths up to ${LONGEST}:      ${cpuLine(mix)}`);
  if (mix.cpu && fourth.cpu && fortieth.cpu) {
    const growth = perMessage(fortieth) / perMessage(fourth);
    const met = growth <= 1.2 && perMessage(mix) <= 2.0 && mix.p99ms < 150;
    console.log(
      `\ntarget: 40th message within 1.2x of the 4th, CPU per message over the mix <= 2.0 ms, p99 < 150 ms -> ${met ? 'met' : 'NOT met'} (${growth.toFixed(2)}x, ${perMessage(mix).toFixed(2)} ms, p99 ${mix.p99ms} ms)`,
    );
  }
} finally {
  baseline.stop();
  await app.stop();
}

console.log('\n(the engine alone: npm run bench:coach)');
