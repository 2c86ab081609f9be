/** One served request, as the admin request log shows it. `status` 0 means the socket was dropped. */
export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  clientId?: string;
  /** The workspace the access token speaks for (absent for token exchanges and refused tokens). */
  workspaceId?: string;
  /** The answer was altered by a fault (`alterAnswer`): the client got another body than the API's. */
  altered?: true;
  durationMs: number;
}

/** Counts of every request since the start (or the last reset), whatever the log has dropped. */
export interface RequestStats {
  total: number;
  /** Partner API calls that change the workspace (reports and token exchanges are POSTs, not writes). */
  writes: number;
  /** Partner API reads, reports included. */
  reads: number;
  byStatus: Record<string, number>;
  byMethod: Record<string, number>;
  first?: string;
  last?: string;
}

/** The most recent requests, bounded so a 200,000-request benchmark does not grow without limit. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private totals: RequestStats = emptyStats();

  constructor(private readonly capacity = 100_000) {}

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    this.totals.total += 1;
    if (entry.path.startsWith('/partners/')) {
      if (isWrite(entry)) this.totals.writes += 1;
      else if (!tokenRoute.test(entry.path)) this.totals.reads += 1;
    }
    this.totals.byStatus[entry.status] = (this.totals.byStatus[entry.status] ?? 0) + 1;
    this.totals.byMethod[entry.method] = (this.totals.byMethod[entry.method] ?? 0) + 1;
    this.totals.first ??= entry.at;
    this.totals.last = entry.at;
    // Trim in chunks: one splice per 10% overflow keeps the amortised cost constant.
    if (this.entries.length > this.capacity * 1.1) {
      this.entries.splice(0, this.entries.length - this.capacity);
    }
  }

  list(): RequestLogEntry[] {
    return this.entries.slice(-this.capacity);
  }

  stats(): RequestStats {
    return structuredClone(this.totals);
  }

  clear(): void {
    this.entries = [];
    this.totals = emptyStats();
  }
}

const tokenRoute = /^\/partners\/(grant-access-token|refresh-user-access-token)$/;

function isWrite(entry: RequestLogEntry): boolean {
  if (entry.method === 'GET') return false;
  return !entry.path.startsWith('/partners/reports/') && !tokenRoute.test(entry.path);
}

function emptyStats(): RequestStats {
  return { total: 0, writes: 0, reads: 0, byStatus: {}, byMethod: {} };
}
