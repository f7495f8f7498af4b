// A fake OpenAI-compatible model for the browser journey on a model that stalls (e2e/model-stall.spec.ts):
// a rep message that mentions "freezes" gets a reply that stops after a few words and never
// finishes; one that mentions "slowly" gets a whole reply, slowly; any other message gets a whole reply with its finish_reply call, in the provider's
// own chunk format (scripts/openai-wire.mjs, which the server tests' fake provider speaks too).
import http from 'node:http';
import { completionChunks, sseFrame } from '../scripts/openai-wire.mjs';

const port = Number(process.env.PORT ?? 5058);
const ANSWER =
  'When they go quiet after the price, **stay quiet too**. Then ask one Implication question: "What happens if the team keeps double-booking for another quarter?" Let them answer before you say anything else.';
const FINISH = { stage: 'close', topics: ['objection_handling', 'closing'], method: 'SPIN: Implication questions', options: ['Role-play this with me', 'Give me another tip'], confidence: 0.9, needsHuman: false, roleplay: 'none' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

http
  .createServer(async (req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-e2e-model' }] }));
      return;
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw);
    const last = String(body.messages?.at(-1)?.content ?? '');
    const repMessage = last.slice(last.lastIndexOf("The rep's new message:") + 1);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const stalls = /freezes/i.test(repMessage);
    // "slowly": a whole reply, but written slowly enough for the rep to leave while it comes.
    const pause = /slowly/i.test(repMessage) ? 400 : 40;
    const chunks = completionChunks({ content: stalls ? 'When they go quiet after the price,' : ANSWER, toolCalls: stalls ? [] : [{ name: 'finish_reply', arguments: FINISH }], pieceChars: 8 });
    // A stall: the first words, then nothing more on an open connection.
    for (const chunk of stalls ? chunks.slice(0, 5) : chunks) {
      if (res.destroyed) return;
      res.write(sseFrame(chunk));
      await sleep(pause);
    }
    if (!stalls) res.end(sseFrame('[DONE]'));
  })
  .listen(port, '127.0.0.1', () => console.log(`fake model on http://127.0.0.1:${port}/v1`));
