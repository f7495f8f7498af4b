/**
 * A parser for `text/event-stream` bodies (the WHATWG server-sent events format), fed text as it
 * arrives. The chat reply is streamed from a POST, which EventSource cannot send, so the page
 * reads the body itself and needs this. Pure: no I/O, so the chunking cases are unit-tested.
 */
export interface SseEvent {
  /** The `event:` field; 'message' when the event names none (as the standard says). */
  event: string;
  /** The `data:` lines joined with newlines. */
  data: string;
}

export interface SseParser {
  /** Feeds the next piece of text; returns the events it completed, in order. */
  push(chunk: string): SseEvent[];
}

export function createSseParser(): SseParser {
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];
  /** The last chunk ended in '\r': a '\n' opening the next one is the rest of that line end. */
  let skipLeadingLf = false;

  /** Applies one line; returns the event a blank line completes. */
  function takeLine(line: string): SseEvent | null {
    if (line === '') {
      // A blank line ends the event. One without data is dropped, as the standard says.
      const event = dataLines.length > 0 ? { event: eventName || 'message', data: dataLines.join('\n') } : null;
      eventName = '';
      dataLines = [];
      return event;
    }
    if (line.startsWith(':')) return null; // A comment: servers send these to keep the connection open.
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
    // `id` and `retry` only matter to EventSource's reconnection, which a POST does not have.
    return null;
  }

  return {
    push(chunk) {
      if (chunk === '') return [];
      buffer += skipLeadingLf && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
      skipLeadingLf = false;
      const events: SseEvent[] = [];
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end === -1) break;
        const newlineLength = buffer.startsWith('\r\n', end) ? 2 : 1;
        // A '\r' closing the chunk may be half of a '\r\n' cut in two; the line ends either way.
        if (buffer[end] === '\r' && end === buffer.length - 1) skipLeadingLf = true;
        const event = takeLine(buffer.slice(0, end));
        buffer = buffer.slice(end + newlineLength);
        if (event) events.push(event);
      }
      return events;
    },
  };
}
