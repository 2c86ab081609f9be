import type { RequestLogEntry } from '../../../sandbox/index.js';

/** Requests to the Partner API routes (the consent pages and admin routes left out). */
export function partnerRequests(log: readonly RequestLogEntry[]): RequestLogEntry[] {
  return log.filter((entry) => entry.path.startsWith('/partners/'));
}

/** How many requests answered `status` (0: the sandbox dropped the connection). */
export function countStatus(log: readonly RequestLogEntry[], status: number): number {
  return log.filter((entry) => entry.status === status).length;
}

/** "POST /partners/invoices" with record ids replaced, for tallies. */
export function routeOf(entry: RequestLogEntry): string {
  return `${entry.method} ${entry.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ':id')}`;
}

/** Requests per route with a given status, for the summary lines. */
export function tallyByRoute(log: readonly RequestLogEntry[], status: number) {
  const tally: Record<string, number> = {};
  for (const entry of log) {
    if (entry.status !== status) continue;
    tally[routeOf(entry)] = (tally[routeOf(entry)] ?? 0) + 1;
  }
  return tally;
}

/**
 * The sandbox answers 401 to a request whose signature, timestamp or token it refuses. Outside a
 * test that provokes one on purpose (expired or revoked tokens), there must be none.
 */
export function unprovoked401s(log: readonly RequestLogEntry[]): RequestLogEntry[] {
  return partnerRequests(log).filter((entry) => entry.status === 401);
}
