/**
 * A reply's text as an async iterable for one consumer, filled by a producer that runs on its own.
 * Engines fill it eagerly from their source, so the `reply` of a CoachStream settles even when
 * nobody reads the text (the `reply()` paths do not).
 */
export class TextChannel implements AsyncIterable<string> {
  private readonly buffer: string[] = [];
  private closed = false;
  private error: Error | undefined;
  private wake: (() => void) | undefined;

  push(chunk: string): void {
    if (this.closed || !chunk) return;
    this.buffer.push(chunk);
    this.notify();
  }

  close(): void {
    this.closed = true;
    this.notify();
  }

  /** Ends the text with an error, after whatever was pushed before it has been read. */
  fail(error: Error): void {
    if (this.closed) return;
    this.error = error;
    this.close();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    for (;;) {
      const chunk = this.buffer.shift();
      if (chunk !== undefined) {
        yield chunk;
        continue;
      }
      if (this.error) throw this.error;
      if (this.closed) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
