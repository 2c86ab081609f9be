import type { RunStore } from '../../run-store/run-store.js';
import type { CallLogEntry } from './call-log-entry.js';
import { readCallLog } from './read-call-log.js';

/** One step's calls, as the report's call log summary shows them. */
export interface CallLogStepSummary {
  step: string;
  calls: number;
  /** Calls per HTTP status; `none` counts calls that got no answer. */
  statuses: Record<string, number>;
  /** Calls made by a retried activity (Temporal attempt above 1). */
  retries: number;
  first: string;
  last: string;
}

/**
 * Per step, the calls of the stages `stageSelected` keeps (one dry run; or the main pass and the
 * replay rounds of a live run), read a page at a time.
 */
export async function summarizeCallLog(
  store: RunStore,
  stageSelected: (stage: string) => boolean,
): Promise<CallLogStepSummary[]> {
  const byStep = new Map<string, CallLogStepSummary>();
  for await (const call of readCallLog(store)) {
    if (!stageSelected(call.stage)) continue;
    const summary = byStep.get(call.step) ?? startSummary(call);
    byStep.set(call.step, summary);
    summary.calls += 1;
    const status = call.status === undefined ? 'none' : String(call.status);
    summary.statuses[status] = (summary.statuses[status] ?? 0) + 1;
    if (call.attempt > 1) summary.retries += 1;
    if (call.at < summary.first) summary.first = call.at;
    if (call.at > summary.last) summary.last = call.at;
  }
  return [...byStep.values()].sort((a, b) => a.first.localeCompare(b.first));
}

function startSummary(call: CallLogEntry): CallLogStepSummary {
  return { step: call.step, calls: 0, statuses: {}, retries: 0, first: call.at, last: call.at };
}
