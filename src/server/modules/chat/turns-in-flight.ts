/**
 * One turn per message at a time (issue #22). A send retried with the client id of a turn still
 * being answered (the rep's page gave up on a stalled stream and tried again) waits for that turn
 * to end, then finds its reply stored, or none if it was abandoned, and answers accordingly. It
 * never runs a second model call for the same message. Within one process; across processes the
 * unique `reply_to` index keeps the first reply and the other try returns it (chat/service.ts).
 */
export class TurnsInFlight {
  private readonly running = new Map<string, Promise<void>>();

  /**
   * Holds `key` for the caller, after whoever holds it now has let go. Resolves to the release
   * function, or to null when the holder did not let go within `maxWaitMs`.
   */
  async acquire(key: string, maxWaitMs: number): Promise<(() => void) | null> {
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      const current = this.running.get(key);
      if (!current) break;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = await Promise.race([
        current.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), left);
        }),
      ]);
      clearTimeout(timer);
      if (timedOut) return null;
    }
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.running.set(key, held);
    return () => {
      if (this.running.get(key) === held) this.running.delete(key);
      release();
    };
  }

  get size(): number {
    return this.running.size;
  }
}
