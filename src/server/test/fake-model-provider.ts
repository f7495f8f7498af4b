/**
 * An OpenAI-compatible provider over real HTTP that misbehaves the way real ones do (issue #22):
 * each request is answered by the behaviour the test sets, in the provider's own chunk and
 * tool-call format (scripts/openai-wire.mjs, which the model bridge speaks too).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { completionChunks, completionJson, pieces, sseFrame, type WireToolCallInput, type WireUsage } from '../../../scripts/openai-wire.mjs';

export interface ProviderRequest {
  body: {
    model: string;
    stream?: boolean;
    max_tokens?: number;
    temperature?: number;
    tool_choice?: unknown;
    tools?: unknown[];
    messages: Array<{ role: string; content: string | null; tool_calls?: Array<{ function: { name: string; arguments: string } }> }>;
  };
  headers: http.IncomingHttpHeaders;
  /** Set when the app closed the connection before the answer was complete: the model call was stopped. */
  closedEarly: boolean;
}

export interface Answer {
  content?: string;
  toolCalls?: WireToolCallInput[];
  finishReason?: string;
  usage?: WireUsage;
  /** Pause between chunks. */
  chunkDelayMs?: number;
  pieceChars?: number;
  /** Stop sending (but keep the connection open) once this much of the content has gone out. */
  stallAfterChars?: number;
  /** Answer with one JSON completion even though a stream was asked for (a gateway that ignores `stream`). */
  json?: boolean;
  /** Wait this long before the headers. */
  delayMs?: number;
}

export type Behaviour =
  | { kind: 'answer'; answer: Answer }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  /** Accept the request and never answer. */
  | { kind: 'hang' };

export interface FakeProvider {
  baseURL: string;
  requests: ProviderRequest[];
  /** Sets how the next requests are answered: one behaviour for all, or a function of the request's number (0-based). */
  behave(behaviour: Behaviour | ((index: number, request: ProviderRequest) => Behaviour)): void;
  close(): Promise<void>;
}

export const FINISH_ARGS = {
  stage: 'middle',
  topics: ['objection_handling'],
  method: 'SPIN: Implication questions',
  options: ['Role-play this with me', 'Give me another tip'],
  confidence: 0.9,
  needsHuman: false,
  roleplay: 'none',
};

/** A well-formed answer: text, then the finish_reply call. */
export const goodAnswer = (content: string, args: Record<string, unknown> = FINISH_ARGS, extra: Partial<Answer> = {}): Behaviour => ({
  kind: 'answer',
  answer: { content, toolCalls: [{ name: 'finish_reply', arguments: args }], usage: { prompt_tokens: 1200, completion_tokens: 90, prompt_tokens_details: { cached_tokens: 1000 } }, ...extra },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeProvider(): Promise<FakeProvider> {
  let choose: (index: number, request: ProviderRequest) => Behaviour = () => goodAnswer('Ask an Implication question: "What does waiting cost you?"');
  const requests: ProviderRequest[] = [];

  const server = http.createServer(async (req, res) => {
    if (req.method === 'GET' && req.url?.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-coach' }] }));
      return;
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const request: ProviderRequest = { body: JSON.parse(raw) as ProviderRequest['body'], headers: req.headers, closedEarly: false };
    const index = requests.push(request) - 1;
    res.on('close', () => {
      if (!res.writableFinished) request.closedEarly = true;
    });
    const behaviour = choose(index, request);
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'status') {
      res.writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers });
      res.end(JSON.stringify(behaviour.body ?? { error: { message: `status ${behaviour.status}` } }));
      return;
    }
    const answer = behaviour.answer;
    if (answer.delayMs) await sleep(answer.delayMs);
    if (request.closedEarly) return;
    const content = answer.content ?? '';
    if (answer.json) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(completionJson({ content, toolCalls: answer.toolCalls ?? [], finishReason: answer.finishReason, usage: answer.usage })));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const shown = answer.stallAfterChars === undefined ? content : content.slice(0, answer.stallAfterChars);
    const chunks = completionChunks({ content: shown, toolCalls: answer.stallAfterChars === undefined ? (answer.toolCalls ?? []) : [], finishReason: answer.finishReason, usage: answer.usage, pieceChars: answer.pieceChars ?? 12 });
    // A stall: everything up to the cut, then silence (no finish chunk, no [DONE]).
    const sent = answer.stallAfterChars === undefined ? chunks : chunks.slice(0, 1 + pieces(shown, answer.pieceChars ?? 12).length);
    for (const chunk of sent) {
      if (request.closedEarly) return;
      res.write(sseFrame(chunk));
      if (answer.chunkDelayMs) await sleep(answer.chunkDelayMs);
    }
    if (answer.stallAfterChars !== undefined) return;
    res.end(sseFrame('[DONE]'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(behaviour) {
      choose = typeof behaviour === 'function' ? behaviour : () => behaviour;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
