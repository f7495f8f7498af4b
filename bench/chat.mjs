// `npm run bench:chat`: signed-in users sending messages through POST /api/chat/message with the
// built-in coach, 50 connections for 10 s, against a bare node:http server in the same run.
// Prints req/s, p50 and p99 for both and the ratio, the CPU per message of the app and of its
// PostgreSQL, and the target line (CPU per message and p99).
// Conversations rotate (each request picks the next of many), as real users' chats stay short.
import os from 'node:os';
import { load, printTable, signUp, startApp, startBaseline, withCpuPerRequest } from './lib.mjs';

const USERS = 10;
// SESSIONS_PER_USER (env) changes how many conversations share the load, and so how long each grows.
const SESSIONS_PER_USER = Number(process.env.SESSIONS_PER_USER ?? 40);
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
try {
  const targets = [];
  for (let u = 0; u < USERS; u++) {
    const cookie = await signUp(app.url, `${Date.now().toString(36)}_${u}`);
    for (let s = 0; s < SESSIONS_PER_USER; s++) {
      const res = await fetch(`${app.url}/api/chat/session`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
      const { sessionId } = await res.json();
      // New Chat reuses a conversation left empty, so each one gets its first message before the next is made.
      await fetch(`${app.url}/api/chat/message`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ sessionId, message: MESSAGES[0] }) });
      targets.push({ cookie, sessionId });
    }
  }
  let i = 0;
  const requests = [
    {
      method: 'POST',
      path: '/api/chat/message',
      setupRequest: (req) => {
        const t = targets[i % targets.length];
        const message = MESSAGES[Math.floor(i / targets.length) % MESSAGES.length];
        i++;
        return { ...req, headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ sessionId: t.sessionId, message }) };
      },
    },
  ];
  await load('warm-up', { url: app.url, requests, duration: 3 });
  const base = await load('bare node:http', { url: baseline.url });
  const chat = await withCpuPerRequest(app, () => load('POST /api/chat/message', { url: app.url, requests }));
  printTable([base, chat], base);
  if (chat.cpu) {
    console.log(`\nCPU per chat message: app ${chat.cpu.appMs.toFixed(2)} ms, PostgreSQL ${chat.cpu.postgresMs.toFixed(2)} ms (the load generator shares the same ${os.cpus().length} cores)`);
  }
  // Issue #11 restated the chat target as cost, which varies far less between runs than req/s.
  if (chat.cpu) {
    const perMessage = chat.cpu.appMs + chat.cpu.postgresMs;
    const met = perMessage <= 1.6 && chat.p99ms < 150;
    console.log(`\ntarget: CPU per message (app + PostgreSQL) <= 1.6 ms and p99 < 150 ms -> ${met ? 'met' : 'NOT met'} (${perMessage.toFixed(2)} ms, p99 ${chat.p99ms} ms)`);
  }
} finally {
  baseline.stop();
  await app.stop();
}

console.log('\n(the engine alone: npm run bench:coach)');
