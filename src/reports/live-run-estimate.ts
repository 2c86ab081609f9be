/**
 * How long a live run's calls take at the API's limit. The limit is per client id (the spec's
 * "Limits": 100 requests per minute per client id), so migrations running at the same time under
 * one client id share it: with N of them each gets about 1/N of the pace.
 */
export interface LiveRunEstimate {
  calls: number;
  minutesAtRateLimit: number;
  requestsPerMinute: number;
  /** The same calls when this many migrations share the client id, each at 1/N of the pace. */
  shared: Array<{ runs: number; minutes: number }>;
}

/** Migrations sharing one client id that the estimate spells out (besides running alone). */
const SHARED_RUNS_SHOWN = [2, 3, 4] as const;

export function estimateLiveRun(calls: number, requestsPerMinute: number): LiveRunEstimate {
  const minutes = (runs: number) => Math.ceil(((calls * runs) / requestsPerMinute) * 10) / 10;
  return {
    calls,
    minutesAtRateLimit: minutes(1),
    requestsPerMinute,
    shared: SHARED_RUNS_SHOWN.map((runs) => ({ runs, minutes: minutes(runs) })),
  };
}
