import { describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../src/migration/contracts/recorded-call.js';
import { timelineOf } from '../../src/reports/run-timeline.js';

async function* callsAt(times: Array<[string, RecordedCall['step']]>): AsyncIterable<RecordedCall> {
  await Promise.resolve();
  for (const [sentAt, step] of times) yield { step, sentAt };
}

describe('timelineOf', () => {
  it('counts calls per minute from the first call’s minute, with each step’s running total', async () => {
    const timeline = await timelineOf(
      callsAt([
        ['2024-04-02T08:00:10.000Z', 'accounts'],
        ['2024-04-02T08:00:50.000Z', 'accounts'],
        ['2024-04-02T08:02:00.000Z', 'customers'],
        ['2024-04-02T08:03:59.999Z', 'accounts'],
      ]),
    );
    expect(timeline).toEqual({
      start: '2024-04-02T08:00:00.000Z',
      bucketMinutes: 1,
      calls: [2, 0, 1, 1],
      steps: [
        { step: 'accounts', cumulative: [2, 2, 2, 3] },
        { step: 'customers', cumulative: [0, 0, 1, 1] },
      ],
    });
  });

  it('widens the buckets of a long run so the chart keeps a bounded number of bars', async () => {
    const times: Array<[string, RecordedCall['step']]> = [];
    // One call a minute for 10 hours, and a replay round a day later.
    for (let minute = 0; minute < 600; minute += 1) {
      times.push([new Date(Date.UTC(2024, 3, 2, 8, minute)).toISOString(), 'invoices']);
    }
    times.push(['2024-04-03T08:00:00.000Z', 'payments']);
    const timeline = await timelineOf(callsAt(times), 180);
    expect(timeline?.calls.length).toBeLessThanOrEqual(180);
    expect(timeline?.bucketMinutes).toBe(9); // 1,441 minutes in at most 180 buckets
    expect(timeline?.calls.reduce((a, b) => a + b, 0)).toBe(601);
    expect(timeline?.steps.map((step) => step.cumulative.at(-1))).toEqual([600, 1]);
  });

  it('has nothing to say when no call was recorded', async () => {
    expect(await timelineOf(callsAt([]))).toBeUndefined();
  });
});
