import type { RunStore } from '../../run-store/run-store.js';
import type { CallLogEntry, CallPurpose } from './call-log-entry.js';
import { capturingCalls, type CapturedExchange } from './capture-calls.js';

/** Who makes the calls of one activity: the run, stage, step and unit they are logged under. */
export interface CallSite extends Pick<
  CallLogEntry,
  'run' | 'stage' | 'mode' | 'step' | 'phase' | 'unit' | 'purpose' | 'attempt'
> {
  /** The unit index or page number: it picks the segment. */
  ordinal: number;
}

/** A segment as listed: its log holds the entries. */
export interface CallLogSegment {
  log: string;
  stage: string;
  step: string;
  purpose: CallPurpose;
}

/** Segments this process has listed already, per store (listing is idempotent, just not free). */
const listed = new WeakMap<RunStore, Set<string>>();

/**
 * Runs `fn` (an activity's work) and appends one call log entry per HTTP exchange it made, after it
 * finished or failed. Activity code only: workflow code makes no calls and writes no logs.
 */
export function withCallLog<R>(store: RunStore, site: CallSite, fn: () => Promise<R>): Promise<R> {
  return capturingCalls(fn, (exchanges) => appendCalls(store, site, exchanges));
}

async function appendCalls(
  store: RunStore,
  site: CallSite,
  exchanges: CapturedExchange[],
): Promise<void> {
  if (exchanges.length === 0) return;
  const log = callLogSegment(site.stage, site.step, site.purpose, site.ordinal);
  let known = listed.get(store);
  if (!known) listed.set(store, (known = new Set()));
  if (!known.has(log)) {
    // Listed before the first append, so a reader that finds entries always finds their segment.
    await store.putDocument(log, {
      log,
      stage: site.stage,
      step: site.step,
      purpose: site.purpose,
    } satisfies CallLogSegment);
    known.add(log);
  }
  await store.appendLog(
    log,
    exchanges.map((exchange) => entryOf(site, exchange)),
  );
}

function entryOf(site: CallSite, exchange: CapturedExchange): CallLogEntry {
  return {
    at: exchange.at,
    run: site.run,
    stage: site.stage,
    mode: site.mode,
    step: site.step,
    ...(site.phase ? { phase: site.phase } : {}),
    ...(site.unit ? { unit: site.unit } : {}),
    purpose: site.purpose,
    attempt: site.attempt,
    method: exchange.method,
    path: exchange.path,
    ...(exchange.status === undefined ? {} : { status: exchange.status }),
    durationMs: exchange.durationMs,
    ...(exchange.rowsSent === undefined ? {} : { rowsSent: exchange.rowsSent }),
    ...(exchange.ids ? { ids: exchange.ids } : {}),
    ...(exchange.warnings ? { warnings: exchange.warnings } : {}),
    ...(exchange.error ? { error: exchange.error } : {}),
  };
}

/** Calls per segment: a 200,000-call run keeps files of a size an editor or `jq` opens at once. */
export const CALLS_PER_SEGMENT = 10_000;

/** Where the call log's segments are listed (documents) and kept (logs, same names). */
export const CALL_LOG_PREFIX = 'calls/';

/**
 * The segment a call goes to: one per stage, step and purpose, and per 10,000 units or pages. The
 * unit index or page number decides it, so workers on several machines agree without talking.
 */
function callLogSegment(
  stage: string,
  step: string,
  purpose: CallPurpose,
  ordinal: number,
): string {
  const bucket = String(Math.floor(Math.max(0, ordinal) / CALLS_PER_SEGMENT)).padStart(3, '0');
  return `${CALL_LOG_PREFIX}${stage}/${step}/${purpose}-${bucket}`;
}
