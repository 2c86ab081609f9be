/**
 * The sandbox's notion of "now". Everything time-dependent (signature skew, token and code expiry,
 * the rate-limit window, overdue status, timestamps) reads this clock, so a test can shift it with
 * `setClockOffsetSeconds` instead of sleeping.
 */
export class SandboxClock {
  private offsetMs = 0;

  setOffsetSeconds(seconds: number): void {
    this.offsetMs = Math.round(seconds * 1000);
  }

  offsetSeconds(): number {
    return this.offsetMs / 1000;
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  /** ISO 8601 UTC with milliseconds (the spec's timestamp form). */
  nowIso(): string {
    return new Date(this.nowMs()).toISOString();
  }

  /** YYYY-MM-DD in UTC. */
  today(): string {
    return this.nowIso().slice(0, 10);
  }
}
