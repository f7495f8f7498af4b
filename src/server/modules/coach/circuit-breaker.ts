/**
 * During a provider outage, every message would otherwise wait out the first-token timeout before
 * the built-in coach answered. After `failuresToOpen` failures in a row the breaker opens: turns
 * go straight to the built-in coach, and the provider is tried again in the background (a small
 * request every `probeAfterMs`, doubling up to `maxProbeMs`) until it answers, which closes it.
 */
export interface CircuitBreakerOptions {
  failuresToOpen: number;
  probeAfterMs: number;
  maxProbeMs: number;
  /** Resolves when the provider answered a small request; rejects otherwise. */
  probe: () => Promise<void>;
  /** Told when the breaker opens or closes, for the log. */
  onChange?: (open: boolean, detail: { failures: number; nextProbeMs?: number; error?: unknown }) => void;
}

export class CircuitBreaker {
  private failures = 0;
  private open = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private wait: number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.wait = options.probeAfterMs;
  }

  /** Whether a turn may ask the provider. */
  allows(): boolean {
    return !this.open;
  }

  succeeded(): void {
    this.failures = 0;
  }

  failed(error?: unknown): void {
    this.failures += 1;
    if (this.open || this.failures < this.options.failuresToOpen) return;
    this.open = true;
    this.wait = this.options.probeAfterMs;
    this.options.onChange?.(true, { failures: this.failures, nextProbeMs: this.wait, error });
    this.schedule();
  }

  /** Stops the background probe (the app is closing). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tryAgain(), this.wait);
    // The probe must not keep a stopping process alive.
    this.timer.unref?.();
  }

  private async tryAgain(): Promise<void> {
    try {
      await this.options.probe();
      this.open = false;
      this.failures = 0;
      this.timer = undefined;
      this.options.onChange?.(false, { failures: 0 });
    } catch (error) {
      this.wait = Math.min(this.wait * 2, this.options.maxProbeMs);
      this.options.onChange?.(true, { failures: this.failures, nextProbeMs: this.wait, error });
      this.schedule();
    }
  }
}
