/**
 * Counts failed sign-ins per account identifier in a fixed window (DECISIONS §1: per-account
 * limits). Kept in memory: one process serves the app; a restart forgets the counts, which
 * only ever loosens the limit briefly. Keys are identifiers as typed (lower-cased), whether
 * or not the account exists, so the 429 itself reveals nothing.
 */
export class AttemptLimiter {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now: number): number {
    const entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  fail(key: string, now: number): void {
    const entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.counts.size >= this.maxKeys) this.sweep(now);
      this.counts.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      entry.count += 1;
    }
  }

  reset(key: string): void {
    this.counts.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, v] of this.counts) if (v.resetAt <= now) this.counts.delete(k);
    // Under a flood of distinct keys, drop the oldest rather than grow without bound.
    while (this.counts.size >= this.maxKeys) {
      const oldest = this.counts.keys().next().value;
      if (oldest === undefined) break;
      this.counts.delete(oldest);
    }
  }
}
