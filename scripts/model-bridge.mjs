#!/usr/bin/env node
// The model bridge (issue #22): an OpenAI-compatible endpoint on loopback whose answers are
// written by whoever plays the model: a person, or a helper who sees only what a model would see.
// No model is reachable from these machines; this is how the app's model path is proven end to end.
//
//   node scripts/model-bridge.mjs serve  --dir D [--port 8787] [--model bridge-model]
//       The endpoint: POST /v1/chat/completions writes each request body to D/requests/<id>.json,
//       waits for D/replies/<id>.json, and answers with it, streamed in the provider's own chunk
//       and tool-call format (or as one JSON answer when the request did not ask for a stream).
//       GET /v1/models lists the model. The app's timeouts must allow for a person's pace:
//       COACH_FIRST_TOKEN_TIMEOUT_MS=900000 COACH_TIMEOUT_MS=1800000.
//   node scripts/model-bridge.mjs next   --dir D [--wait SECONDS]
//       Claims the oldest waiting request and prints it as the model receives it (the system
//       prompt, the conversation, the tools, the settings), with its id. Waits for one to arrive.
//   node scripts/model-bridge.mjs answer <id> --dir D [FILE]
//       Hands back the answer to request <id>, read from FILE or standard input: either JSON
//       { "content": "the text", "tool_calls": [{ "name": "finish_reply", "arguments": { … } }] }
//       or plain text (the whole answer is the text, with no tool call).
//   node scripts/model-bridge.mjs answer <id> --dir D --text TEXT_FILE [--tool NAME=ARGS_FILE]
//       The same in two files, with nothing to escape: the text, and one tool call's JSON arguments.
//   node scripts/model-bridge.mjs status --dir D
//       How many requests wait, are claimed, were answered or given up by the app.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { completionChunks, completionJson, sseFrame, usageFor } from './openai-wire.mjs';

const [command, ...rest] = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = rest.indexOf(`--${name}`);
  return i === -1 ? fallback : rest[i + 1];
};
const positional = rest.filter((arg, i) => !arg.startsWith('--') && !rest[i - 1]?.startsWith('--'));
const dir = path.resolve(flag('dir', process.env.BRIDGE_DIR ?? 'bridge'));
const folders = Object.fromEntries(['requests', 'claimed', 'replies', 'done', 'cancelled'].map((f) => [f, path.join(dir, f)]));
for (const folder of Object.values(folders)) fs.mkdirSync(folder, { recursive: true });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Writes a file so that a reader never sees it half-written. */
const writeAtomically = (file, text) => {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
};

if (command === 'serve') serve();
else if (command === 'next') await next();
else if (command === 'answer') answer();
else if (command === 'status') status();
else {
  console.error('Usage: node scripts/model-bridge.mjs serve|next|answer|status --dir D (see the top of this file)');
  process.exit(2);
}

function serve() {
  const port = Number(flag('port', '8787'));
  const model = flag('model', 'bridge-model');
  let sequence = 0;
  const server = http.createServer(async (req, res) => {
    if (req.method === 'GET' && req.url?.replace(/\/+$/, '').endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: model, object: 'model', owned_by: 'bridge' }] }));
      return;
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'the body is not JSON' } }));
      return;
    }
    const id = `${new Date().toISOString().replace(/[-:.TZ]/g, '').slice(0, 14)}-${String(++sequence).padStart(4, '0')}`;
    writeAtomically(path.join(folders.requests, `${id}.json`), JSON.stringify(body, null, 2));
    console.log(`[bridge] ${id}: request waiting (${body.messages?.length ?? 0} messages)`);

    let gone = false;
    res.on('close', () => {
      if (!res.writableFinished) gone = true;
    });
    // Whoever plays the model may take minutes. Node's fetch gives up on a server that sends no
    // headers for 300 s, or nothing of its body for 300 s: so the headers go now, and while the
    // answer is written, a comment line every 20 s (ignored by every SSE reader; whitespace
    // before a JSON body is ignored by JSON parsers).
    res.writeHead(200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json', 'cache-control': 'no-cache' });
    const keepAlive = setInterval(() => res.write(body.stream ? ': the model is writing\n\n' : ' '), 20_000);
    const replyFile = path.join(folders.replies, `${id}.json`);
    while (!gone && !fs.existsSync(replyFile)) await sleep(250);
    clearInterval(keepAlive);
    if (gone) {
      // The app gave up (its timeout, or the rep left): the request is withdrawn.
      for (const folder of [folders.requests, folders.claimed]) fs.rmSync(path.join(folder, `${id}.json`), { force: true });
      writeAtomically(path.join(folders.cancelled, `${id}.json`), raw);
      console.log(`[bridge] ${id}: the app stopped waiting`);
      return;
    }
    const reply = JSON.parse(fs.readFileSync(replyFile, 'utf8'));
    fs.renameSync(replyFile, path.join(folders.done, `${id}.reply.json`));
    const claimed = path.join(folders.claimed, `${id}.json`);
    if (fs.existsSync(claimed)) fs.renameSync(claimed, path.join(folders.done, `${id}.json`));
    const toolCalls = (reply.tool_calls ?? []).map((call) => ({ name: call.name ?? call.function?.name, arguments: call.arguments ?? call.function?.arguments ?? {} }));
    const answer = { id: `chatcmpl-${id}`, model, content: reply.content ?? '', toolCalls, usage: usageFor(body, reply.content ?? '', toolCalls) };
    if (body.stream) {
      for (const chunk of completionChunks(answer)) {
        if (gone) return;
        res.write(sseFrame(chunk));
        await sleep(15);
      }
      res.end(sseFrame('[DONE]'));
    } else {
      res.end(JSON.stringify(completionJson(answer)));
    }
    console.log(`[bridge] ${id}: answered (${(reply.content ?? '').length} characters, ${toolCalls.length} tool call(s))`);
  });
  server.listen(port, '127.0.0.1', () => console.log(`[bridge] serving http://127.0.0.1:${port}/v1 (model "${model}"), folder ${dir}`));
}

/** The request as the model receives it: everything in the body that a model's input is made of. */
function render(id, body) {
  const out = [`=== request ${id} ===`, `settings: max_tokens=${body.max_tokens ?? '-'} temperature=${body.temperature ?? '-'} tool_choice=${JSON.stringify(body.tool_choice ?? 'none given')}`];
  for (const tool of body.tools ?? []) {
    out.push(`--- tool available: ${tool.function?.name}: ${tool.function?.description ?? ''}`);
    out.push(`parameters: ${JSON.stringify(tool.function?.parameters ?? {})}`);
  }
  for (const message of body.messages ?? []) {
    out.push(`--- ${message.role}${message.tool_call_id ? ` (result of ${message.tool_call_id})` : ''} ---`);
    if (message.content) out.push(typeof message.content === 'string' ? message.content : JSON.stringify(message.content));
    for (const call of message.tool_calls ?? []) out.push(`[tool call ${call.id}: ${call.function?.name}(${call.function?.arguments})]`);
  }
  out.push(`=== end of request ${id} ===`);
  return out.join('\n');
}

async function next() {
  const waitUntil = Date.now() + Number(flag('wait', '600')) * 1000;
  for (;;) {
    const waiting = fs.readdirSync(folders.requests).filter((f) => f.endsWith('.json')).sort();
    for (const file of waiting) {
      try {
        // The rename is the claim: of two claimants, one gets it.
        fs.renameSync(path.join(folders.requests, file), path.join(folders.claimed, file));
      } catch {
        continue;
      }
      const id = file.replace(/\.json$/, '');
      console.log(render(id, JSON.parse(fs.readFileSync(path.join(folders.claimed, file), 'utf8'))));
      return;
    }
    if (Date.now() > waitUntil) {
      console.log('No request arrived.');
      process.exit(3);
    }
    await sleep(500);
  }
}

function answer() {
  const [id, file] = positional;
  if (!id) {
    console.error('Usage: node scripts/model-bridge.mjs answer <id> --dir D [FILE]');
    process.exit(2);
  }
  if (!fs.existsSync(path.join(folders.claimed, `${id}.json`)) && !fs.existsSync(path.join(folders.requests, `${id}.json`))) {
    console.error(`No open request ${id} (answered already, or the app stopped waiting: see ${folders.cancelled}).`);
    process.exit(1);
  }
  // Or in two parts, with nothing to escape: --text FILE (the reply text) and --tool NAME=FILE (a tool call's arguments, JSON).
  const textFile = flag('text');
  const toolFlag = flag('tool');
  if (textFile || toolFlag) {
    const [name, argsFile] = (toolFlag ?? '').split('=');
    const toolCalls = toolFlag ? [{ name, arguments: JSON.parse(fs.readFileSync(argsFile, 'utf8')) }] : [];
    writeAtomically(path.join(folders.replies, `${id}.json`), JSON.stringify({ content: textFile ? fs.readFileSync(textFile, 'utf8').trim() : '', tool_calls: toolCalls }));
    console.log(`Answered ${id}.`);
    return;
  }
  const text = fs.readFileSync(file && file !== '-' ? file : 0, 'utf8');
  let reply;
  try {
    const parsed = JSON.parse(text);
    reply = typeof parsed === 'object' && parsed !== null && ('content' in parsed || 'tool_calls' in parsed) ? parsed : { content: text };
  } catch {
    reply = { content: text };
  }
  writeAtomically(path.join(folders.replies, `${id}.json`), JSON.stringify(reply));
  console.log(`Answered ${id}.`);
}

function status() {
  const count = (folder, suffix = '.json') => fs.readdirSync(folder).filter((f) => f.endsWith(suffix) && !f.endsWith('.reply.json')).length;
  console.log(`waiting ${count(folders.requests)}, claimed ${count(folders.claimed)}, answered ${count(folders.done)}, given up by the app ${count(folders.cancelled)}`);
}
