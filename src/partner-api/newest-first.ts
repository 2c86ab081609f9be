// The one rule for stopping a newest-first scan early, shared by the client's natural-key finders
// (find.ts) and the engine's reconciliation of ambiguous writes
// (src/migration/handlers/reconcile-scan.ts).

/** Records older than the bound by more than this cannot be what an attempt created: clocks differ. */
export const CLOCK_SKEW_MARGIN_MS = 10 * 60_000;

/**
 * Whether a scan may stop after this page: every record's time is known, the page continues a
 * newest-first order (each time at most the one before it, starting at or below `previous`, the
 * last time of the page before), and even its newest record is older than `bound` by more than the
 * clock-skew margin. Any doubt keeps the scan going, so the early stop is an optimisation the
 * listing must earn, never an assumption about its order.
 */
export function pageEndsScan(
  times: ReadonlyArray<number | undefined>,
  bound: number,
  previous?: number,
): boolean {
  return (
    isNewestFirst(times, previous) &&
    times.every((time) => (time as number) < bound - CLOCK_SKEW_MARGIN_MS)
  );
}

/** The times are all known and in newest-first order, continuing from `previous`. */
export function isNewestFirst(
  times: ReadonlyArray<number | undefined>,
  previous?: number,
): boolean {
  let last = previous;
  for (const time of times) {
    if (time === undefined || Number.isNaN(time)) return false;
    if (last !== undefined && time > last) return false;
    last = time;
  }
  return true;
}
