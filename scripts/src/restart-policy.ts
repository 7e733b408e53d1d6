export interface RestartOptions {
  /** Crashes within `windowMs` that make the launcher give up (the last one is not restarted). */
  maxCrashes: number;
  windowMs: number;
  /** The first wait before a restart; each further crash within the window doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** 5 crashes in a minute stop everything; the waits before restarts are 1 s, 2 s, 4 s, 8 s. */
export const DEFAULT_RESTART: RestartOptions = { maxCrashes: 5, windowMs: 60_000, baseDelayMs: 1000, maxDelayMs: 30_000 };

/** When a crashed process is started again, and when its crashes are too many to go on. */
export class RestartPolicy {
  private crashes: number[] = [];

  constructor(readonly options: RestartOptions = DEFAULT_RESTART) {}

  /** Crashes counted in the window as of the last onCrash. */
  get recentCrashes(): number {
    return this.crashes.length;
  }

  /**
   * Records a crash at `now` (ms): the wait before the restart, growing with the crashes of the window, or null when
   * they reach maxCrashes (give up). Crashes older than the window are forgotten, so the waits start again small.
   */
  onCrash(now: number): number | null {
    const { maxCrashes, windowMs, baseDelayMs, maxDelayMs } = this.options;
    this.crashes = this.crashes.filter((at) => now - at < windowMs);
    this.crashes.push(now);
    if (this.crashes.length >= maxCrashes) return null;
    return Math.min(maxDelayMs, baseDelayMs * 2 ** (this.crashes.length - 1));
  }
}
