import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '#shared/schemas/chat';
import { ApiRequestError } from '../../../lib/api-client';
import { stubFetch } from '../../../test/fetch-mock';
import { ChatStreamError, streamMessage } from './stream-message';

const SESSION = '11111111-1111-4111-8111-111111111111';
const userMessage: ChatMessage = { id: 1, role: 'user', content: 'Price objection', timestamp: '2026-01-05T10:00:00.000Z' };
const reply: ChatMessage = { id: 2, role: 'assistant', content: 'Héllo — ask first 👋', timestamp: '2026-01-05T10:00:01.000Z' };
const LOST = 'The connection was lost before the coach finished. Please try again.';

const event = (name: string, data: unknown, lineEnd = '\n') => `event: ${name}${lineEnd}data: ${JSON.stringify(data)}${lineEnd}${lineEnd}`;

/** The whole reply as the server writes it, with non-ASCII text so a cut can fall inside a character. */
const fullBody = event('user', userMessage) + event('delta', { text: 'Héllo — ' }) + event('delta', { text: 'ask first 👋' }) + event('done', reply);

const fetchMock = stubFetch();

/** Answers the next request with `chunks` as the body, delivered one read at a time. */
function answerWith(chunks: Array<string | Uint8Array>, init: ResponseInit = { status: 200, headers: { 'content-type': 'text/event-stream' } }) {
  const encoder = new TextEncoder();
  const cancel = vi.fn();
  const queue = chunks.map((c) => (typeof c === 'string' ? encoder.encode(c) : c));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
    cancel,
  });
  fetchMock.mockResolvedValueOnce(new Response(body, init));
  return { cancel };
}

/** Runs one send and records what the handlers saw. */
async function send() {
  const users: ChatMessage[] = [];
  const deltas: string[] = [];
  const result = await streamMessage({ sessionId: SESSION, message: 'Price objection' }, { onUser: (m) => users.push(m), onDelta: (t) => deltas.push(t) }).then(
    (message) => ({ message, error: null }),
    (error: unknown) => ({ message: null, error }),
  );
  return { ...result, users, deltas };
}

describe('streamMessage', () => {
  it('posts the message and follows user, deltas, then done', async () => {
    answerWith([fullBody]);
    const { message, error, users, deltas } = await send();
    expect(error).toBeNull();
    expect(message).toEqual(reply);
    expect(users).toEqual([userMessage]);
    expect(deltas).toEqual(['Héllo — ', 'ask first 👋']);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/chat/message/stream');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ sessionId: SESSION, message: 'Price objection' });
  });

  it('reads the same reply however the bytes are cut, even inside a character', async () => {
    const bytes = new TextEncoder().encode(fullBody);
    for (const size of [1, 2, 5, 13, 64]) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
      answerWith(chunks);
      const { message, deltas } = await send();
      expect(message).toEqual(reply);
      expect(deltas.join('')).toBe('Héllo — ask first 👋');
    }
  });

  it('accepts CRLF line ends and skips comments, unknown events and malformed data', async () => {
    answerWith([
      ': keep-alive\r\n\r\n',
      event('user', userMessage, '\r\n'),
      event('toString', { text: 'not an event of ours' }),
      event('progress', { percent: 50 }),
      'event: delta\ndata: {not json\n\n',
      event('delta', { words: 'wrong shape' }),
      'data: {"text":"a nameless event"}\n\n',
      event('delta', { text: 'kept' }, '\r\n'),
      event('done', reply),
    ]);
    const { message, users, deltas } = await send();
    expect(users).toEqual([userMessage]);
    expect(deltas).toEqual(['kept']);
    expect(message).toEqual(reply);
  });

  it("fails with the coach's own message on an error event, and reads no further", async () => {
    const { cancel } = answerWith([
      event('user', userMessage) + event('error', { message: 'The coach is unavailable right now.' }) + event('delta', { text: 'late' }),
      event('delta', { text: 'later' }),
      event('done', reply),
    ]);
    const { error, deltas } = await send();
    expect(error).toBeInstanceOf(ChatStreamError);
    expect((error as Error).message).toBe('The coach is unavailable right now.');
    expect(deltas).toEqual([]);
    expect(cancel).toHaveBeenCalled();
  });

  it('says the connection was lost when the stream ends before done', async () => {
    answerWith([event('user', userMessage), event('delta', { text: 'half a rep' }), 'event: done\ndata: {"id":2}']);
    const { error, deltas } = await send();
    expect(error).toBeInstanceOf(ChatStreamError);
    expect((error as Error).message).toBe(LOST);
    expect(deltas).toEqual(['half a rep']);
  });

  it('says the connection was lost when a 200 answer is not an event stream', async () => {
    answerWith(['{"ok":true}'], { status: 200, headers: { 'content-type': 'application/json' } });
    const { error } = await send();
    expect(error).toBeInstanceOf(ChatStreamError);
    expect((error as Error).message).toBe(LOST);
  });

  it('reports a refused request as ApiRequestError with the server message and body', async () => {
    answerWith([JSON.stringify({ message: 'Your free chat for this week is used.', requiresPayment: true })], {
      status: 402,
      headers: { 'content-type': 'application/json' },
    });
    const { error } = await send();
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 402, message: 'Your free chat for this week is used.', body: { requiresPayment: true } });
  });
});
