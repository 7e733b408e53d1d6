/**
 * At most one event per `intervalMs` for one lesson's stream, coalesced: the latest value waiting when the interval
 * ends is sent, the ones it replaced never are (decisions.md, "Generation": at most 10 deltas a second per lesson).
 * `stop()` drops what is still waiting, so no delta follows the lesson's 'done'.
 */
export class DeltaThrottle<T> {
  private lastSent = 0;
  private pending: { value: T } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly send: (value: T) => void,
    private readonly intervalMs = 100,
    private readonly now: () => number = Date.now,
  ) {}

  push(value: T): void {
    if (this.stopped) return;
    const wait = this.lastSent + this.intervalMs - this.now();
    if (wait <= 0 && !this.timer) {
      this.emit(value);
      return;
    }
    this.pending = { value };
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const next = this.pending;
      this.pending = null;
      if (next && !this.stopped) this.emit(next.value);
    }, Math.max(0, wait));
  }

  stop(): void {
    this.stopped = true;
    this.pending = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private emit(value: T): void {
    this.lastSent = this.now();
    this.send(value);
  }
}
