import type { RecordedCall } from '../migration/contracts/recorded-call.js';
import { stepNames, type StepName } from '../migration/contracts/steps.js';

/**
 * A live run's calls over time, in equal buckets: what the charts of calls per minute and of each
 * step's progress are drawn from. Every call of the run's call log is in `calls`, reads included,
 * so the chart's total is the report's count of calls made; `steps` are the migration steps'.
 * Small whatever the run's size: at most `maxBuckets` buckets.
 */
export interface RunTimeline {
  /** Start of the first bucket (ISO, whole minute). */
  start: string;
  /** Minutes per bucket: 1 unless the run was longer than the chart has room for. */
  bucketMinutes: number;
  /** Calls sent in each bucket. */
  calls: number[];
  /** Each migration step that made calls: its calls sent up to the end of each bucket, a running total. */
  steps: Array<{ step: StepName; cumulative: number[] }>;
}

const maxTimelineBuckets = 180;

const MINUTE_MS = 60_000;

/** Buckets the calls by the minute they were sent; undefined when there were none. */
export async function timelineOf(
  calls: AsyncIterable<RecordedCall>,
  maxBuckets = maxTimelineBuckets,
): Promise<RunTimeline | undefined> {
  // Per minute first (a run has far fewer minutes than calls), then into wider buckets if needed.
  const perMinute = new Map<number, Map<string, number>>();
  for await (const call of calls) {
    const time = Date.parse(call.sentAt);
    if (!Number.isFinite(time)) continue;
    const minute = Math.floor(time / MINUTE_MS);
    let steps = perMinute.get(minute);
    if (!steps) perMinute.set(minute, (steps = new Map<string, number>()));
    steps.set(call.step, (steps.get(call.step) ?? 0) + 1);
  }
  if (perMinute.size === 0) return undefined;
  const minutes = [...perMinute.keys()];
  const first = Math.min(...minutes);
  const span = Math.max(...minutes) - first + 1;
  const bucketMinutes = Math.ceil(span / maxBuckets);
  const count = Math.ceil(span / bucketMinutes);
  const total = new Array<number>(count).fill(0);
  const byStep = new Map<string, number[]>();
  for (const [minute, steps] of perMinute) {
    const bucket = Math.floor((minute - first) / bucketMinutes);
    for (const [step, calls] of steps) {
      total[bucket] = (total[bucket] ?? 0) + calls;
      let series = byStep.get(step);
      if (!series) byStep.set(step, (series = new Array<number>(count).fill(0)));
      series[bucket] = (series[bucket] ?? 0) + calls;
    }
  }
  return {
    start: new Date(first * MINUTE_MS).toISOString(),
    bucketMinutes,
    calls: total,
    steps: stepNames.flatMap((step) => {
      const series = byStep.get(step);
      return series ? [{ step, cumulative: runningTotal(series) }] : [];
    }),
  };
}

function runningTotal(values: readonly number[]): number[] {
  let sum = 0;
  return values.map((value) => (sum += value));
}
