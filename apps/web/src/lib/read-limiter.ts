/**
 * Keeps calls to at most `limit` per sliding window of `windowMs`: a call beyond it waits for
 * the oldest one to leave the window instead of failing. The web's API wrapper puts every read
 * through one of these (gamification.md §7: reads allow 50 calls per 60 s).
 */
export class SlidingWindowLimiter {
  private readonly starts: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** Resolves when the call may start, and counts it. */
  async acquire(): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.starts.length > 0 && this.starts[0]! <= now - this.windowMs) this.starts.shift();
      if (this.starts.length < this.limit) {
        this.starts.push(now);
        return;
      }
      await this.sleep(this.starts[0]! + this.windowMs - now);
    }
  }

  /** How many calls the current window has left. */
  remaining(): number {
    const now = this.now();
    return this.limit - this.starts.filter((t) => t > now - this.windowMs).length;
  }
}
