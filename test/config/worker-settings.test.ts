import { describe, expect, it } from 'vitest';
import {
  apiActivitiesPerSecond,
  apiCallsPerMinute,
  apiRequestLimit,
  workerSettings,
} from '../../src/config/worker-settings.js';

describe('worker settings', () => {
  it('pace the API queue at the limit over its window, less the headroom for token refreshes', () => {
    const settings = workerSettings({});
    const perSecond = apiActivitiesPerSecond(settings) ?? 0;
    expect(perSecond).toBeCloseTo((100 / 60) * 0.99, 10);
    expect(perSecond * 60).toBeCloseTo(99, 10);
    expect(apiCallsPerMinute(settings)).toBeGreaterThan(98);
    // The burst the server's token bucket lets through after a pause is the worker's to hold back.
    expect(apiRequestLimit(settings)).toEqual({ requests: 100, windowMs: 60_000 });
  });

  it('follow a shortened window (benchmarks, demo) the same way, at 0.99 of the limit', () => {
    const settings = workerSettings({ LEDGERLIFT_API_RATE_WINDOW_SECONDS: '30' });
    const perSecond = apiActivitiesPerSecond(settings) ?? 0;
    // The old rule, 100 / (30 + 1) x 0.99, capped budget use at 0.958 on this window.
    expect((perSecond * 30) / 100).toBeGreaterThanOrEqual(0.97);
    expect(perSecond * 30).toBeLessThanOrEqual(100);
    expect(apiRequestLimit(settings)).toEqual({ requests: 100, windowMs: 30_000 });
    expect(apiRequestLimit(workerSettings({ LEDGERLIFT_API_RATE_LIMIT: 'off' }))).toBeUndefined();
  });

  it('turn the pace off for benchmarks only when asked', () => {
    expect(
      apiActivitiesPerSecond(workerSettings({ LEDGERLIFT_API_RATE_LIMIT: 'off' })),
    ).toBeUndefined();
  });

  it('wait for an ambiguous write to settle longer than the client waits for an answer', () => {
    // The client's default request deadline is 30 s: the window must outlast it.
    expect(workerSettings({}).ambiguousSettleSeconds).toBeGreaterThan(30);
    expect(
      workerSettings({ LEDGERLIFT_AMBIGUOUS_WRITE_SETTLE_SECONDS: '5' }).ambiguousSettleSeconds,
    ).toBe(5);
    expect(() => workerSettings({ LEDGERLIFT_AMBIGUOUS_WRITE_SETTLE_SECONDS: '-1' })).toThrow(
      /LEDGERLIFT_AMBIGUOUS_WRITE_SETTLE_SECONDS/,
    );
  });

  it('name the variable that is wrong', () => {
    expect(() => workerSettings({ LEDGERLIFT_API_RATE_HEADROOM: '1.5' })).toThrow(
      /LEDGERLIFT_API_RATE_HEADROOM/,
    );
    expect(() => workerSettings({ LEDGERLIFT_API_RATE_LIMIT: 'sometimes' })).toThrow(
      /LEDGERLIFT_API_RATE_LIMIT/,
    );
  });
});
