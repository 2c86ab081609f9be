/**
 * A sliding window per client id (assumption T9). Only admitted requests are recorded, so a client
 * that keeps hammering after a 429 is not locked out longer. Retry-After is the time until the
 * oldest admitted request leaves the window, in whole seconds rounded up.
 */
export class RateLimiter {
  private readonly admitted = new Map<string, number[]>();

  constructor(
    private readonly limits: () => { requestsPerWindow: number | null; windowMs: number },
  ) {}

  /** Admits the request (returns null) or returns the Retry-After seconds. */
  admit(clientId: string, nowMs: number): number | null {
    const { requestsPerWindow, windowMs } = this.limits();
    if (requestsPerWindow === null) return null;
    let times = this.admitted.get(clientId);
    if (!times) {
      times = [];
      this.admitted.set(clientId, times);
    }
    const windowStart = nowMs - windowMs;
    let expired = 0;
    while (expired < times.length && times[expired]! <= windowStart) expired += 1;
    if (expired > 0) times.splice(0, expired);
    if (times.length >= requestsPerWindow) {
      const oldest = times[0]!;
      return Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000));
    }
    times.push(nowMs);
    return null;
  }

  clear(): void {
    this.admitted.clear();
  }
}
