/** One served request, as the admin request log shows it. `status` 0 means the socket was dropped. */
export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  clientId?: string;
  durationMs: number;
}

/** The most recent requests, bounded so a 200,000-request benchmark does not grow without limit. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];

  constructor(private readonly capacity = 100_000) {}

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    // Trim in chunks: one splice per 10% overflow keeps the amortised cost constant.
    if (this.entries.length > this.capacity * 1.1) {
      this.entries.splice(0, this.entries.length - this.capacity);
    }
  }

  list(): RequestLogEntry[] {
    return this.entries.slice(-this.capacity);
  }

  clear(): void {
    this.entries = [];
  }
}
