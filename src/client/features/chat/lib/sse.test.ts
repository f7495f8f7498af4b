import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse';

/** Feeds `chunks` one after another and collects every event. */
function parseAll(chunks: string[]): SseEvent[] {
  const parser = createSseParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
}

const body = 'event: user\ndata: {"id":1}\n\nevent: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\nevent: done\ndata: {"id":2}\n\n';
const expected: SseEvent[] = [
  { event: 'user', data: '{"id":1}' },
  { event: 'delta', data: '{"text":"Hel"}' },
  { event: 'delta', data: '{"text":"lo"}' },
  { event: 'done', data: '{"id":2}' },
];

describe('createSseParser', () => {
  it('reads several events from one chunk', () => {
    expect(parseAll([body])).toEqual(expected);
  });

  it('gives the same events however the body is cut, even one character at a time', () => {
    for (const cut of [1, 3, 7, 12, 20, 33]) {
      const chunks: string[] = [];
      for (let i = 0; i < body.length; i += cut) chunks.push(body.slice(i, i + cut));
      expect(parseAll(chunks)).toEqual(expected);
    }
  });

  it('holds back an event until its blank line arrives', () => {
    const parser = createSseParser();
    expect(parser.push('event: delta\ndata: {"text":"a"}')).toEqual([]);
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\nevent: del')).toEqual([{ event: 'delta', data: '{"text":"a"}' }]);
    expect(parser.push('ta\ndata: {"text":"b"}\n\n')).toEqual([{ event: 'delta', data: '{"text":"b"}' }]);
  });

  it('accepts CRLF and CR line ends, including a CRLF split between chunks', () => {
    expect(parseAll(['event: done\r', '\ndata: x\r\n\r', '\n'])).toEqual([{ event: 'done', data: 'x' }]);
    expect(parseAll(['event: done\rdata: y\r\r'])).toEqual([{ event: 'done', data: 'y' }]);
  });

  it('joins multi-line data, defaults the name to message, and skips comments and empty events', () => {
    expect(parseAll([': keep-alive\n\n', 'data: one\ndata: two\n\n', 'event: ping\n\n', 'id: 4\ndata:no-space\n\n'])).toEqual([
      { event: 'message', data: 'one\ntwo' },
      { event: 'message', data: 'no-space' },
    ]);
  });

  it('strips only the first space after the colon', () => {
    expect(parseAll(['data:  two spaces\n\n'])).toEqual([{ event: 'message', data: ' two spaces' }]);
  });

  it('does not carry an event name over to the next event', () => {
    expect(parseAll(['event: delta\ndata: a\n\ndata: b\n\n'])).toEqual([
      { event: 'delta', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });
});
