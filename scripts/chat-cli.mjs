#!/usr/bin/env node
// Talk to a running app as a rep would, from a terminal: sign up, onboard, chat. For holding
// judged conversations (docs/coach-eval.md) with whatever coach the app runs, through the
// same API the browser uses. Each rep's cookie, conversation and transcript live in --dir.
//
//   node scripts/chat-cli.mjs start <rep> --profile FILE.json [--base URL] [--dir D]
//       A new account with the profile's onboarding answers (age, city, state, salesExperience,
//       currentIncome, targetIncome, biggestStruggle, industry, product), and a new conversation.
//   node scripts/chat-cli.mjs say <rep> "message" [--base URL] [--dir D]
//       Sends one message and prints the coach's reply and its tappable options, as the rep sees them.
//   node scripts/chat-cli.mjs transcript <rep> [--dir D]
//       The conversation so far as Markdown, with each reply's diagnosis (for a judge).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const [command, rep, ...rest] = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = rest.indexOf(`--${name}`);
  return i === -1 ? fallback : rest[i + 1];
};
const base = flag('base', process.env.APP_URL ?? 'http://127.0.0.1:5000').replace(/\/+$/, '');
const dir = path.resolve(flag('dir', process.env.CHAT_CLI_DIR ?? 'chat-cli'));
fs.mkdirSync(dir, { recursive: true });
if (!command || !rep || !/^[A-Za-z0-9_.-]{2,24}$/.test(rep)) {
  console.error('Usage: node scripts/chat-cli.mjs start|say|transcript <rep> … (see the top of this file)');
  process.exit(2);
}
const stateFile = path.join(dir, `${rep}.json`);
const load = () => JSON.parse(fs.readFileSync(stateFile, 'utf8'));
const save = (state) => fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));

async function api(state, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { origin: base, 'content-type': 'application/json', ...(state.cookie ? { cookie: state.cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    // A model behind the bridge answers at a person's pace.
    signal: AbortSignal.timeout(30 * 60_000),
  });
  const setCookie = res.headers.get('set-cookie');
  if (setCookie) state.cookie = setCookie.split(';')[0];
  const text = await res.text();
  const json = text ? JSON.parse(text) : {};
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${json.message ?? text}`);
  return json;
}

if (command === 'start') {
  const profile = JSON.parse(fs.readFileSync(flag('profile'), 'utf8'));
  const state = { rep, turns: [] };
  const tag = crypto.randomBytes(3).toString('hex');
  const username = `${rep}-${tag}`.slice(0, 32);
  await api(state, 'POST', '/api/auth/signup', { username, email: `${username}@reps.example`, password: `Pw-${crypto.randomBytes(12).toString('base64url')}` });
  await api(state, 'POST', '/api/onboarding', {
    age: profile.age ?? 34,
    city: profile.city ?? 'Austin',
    state: profile.state ?? 'TX',
    salesExperience: profile.salesExperience ?? '3-5 years',
    currentIncome: profile.currentIncome ?? 4000,
    targetIncome: profile.targetIncome ?? 6500,
    biggestStruggle: profile.biggestStruggle,
    industry: profile.industry,
    product: profile.product,
  });
  const session = await api(state, 'POST', '/api/chat/session', {});
  Object.assign(state, { username, profile, sessionId: session.sessionId });
  save(state);
  console.log(`${rep} is signed up as ${username}, onboarded, with a new conversation.`);
} else if (command === 'say') {
  const message = rest.find((arg, i) => !arg.startsWith('--') && !rest[i - 1]?.startsWith('--'));
  if (!message) {
    console.error('Usage: node scripts/chat-cli.mjs say <rep> "message"');
    process.exit(2);
  }
  const state = load();
  const started = Date.now();
  // The answer holds the new messages only: the rep's as stored, then the coach's reply.
  const { messages } = await api(state, 'POST', '/api/chat/message', { sessionId: state.sessionId, message, clientId: crypto.randomUUID() });
  const replies = messages.filter((m) => m.role !== 'user');
  state.turns.push({ rep: message, replies, ms: Date.now() - started });
  save(state);
  for (const reply of replies) {
    console.log(reply.role === 'team' ? '[Coaching team]' : '[Coach]');
    console.log(reply.content);
    if (reply.options?.length) console.log(`\nOptions: ${reply.options.map((o) => `[${o}]`).join(' ')}`);
  }
} else if (command === 'transcript') {
  const state = load();
  const p = state.profile;
  const out = [`## ${rep}: ${p.industry} (${p.product})`, '', `**Onboarding profile:** ${Object.entries(p).map(([k, v]) => `${k}=${v}`).join(', ')}`, ''];
  state.turns.forEach((turn, i) => {
    out.push(`### Turn ${i + 1}`, '', `**Rep:** ${turn.rep}`, '');
    for (const reply of turn.replies) {
      const c = reply.coaching;
      const words = reply.content.split(/\s+/).filter(Boolean).length;
      out.push(`**${reply.role === 'team' ? 'Coaching team' : 'Coach'}** (${words} words${c ? `; stage=${c.stage}, topics=${c.topics.join(',') || '-'}${c.method ? `, method=${c.method}` : ''}` : ''}; ${(turn.ms / 1000).toFixed(0)} s):`, '');
      out.push(reply.content.split('\n').map((line) => `> ${line}`).join('\n'), '');
      if (reply.options?.length) out.push(`Options: ${reply.options.map((o) => `[${o}]`).join(' | ')}`, '');
    }
  });
  console.log(out.join('\n'));
} else {
  console.error(`Unknown command ${command}`);
  process.exit(2);
}
