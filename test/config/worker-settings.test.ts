import { describe, expect, it } from 'vitest';
import {
  apiActivitiesPerSecond,
  apiCallsPerMinute,
  workerSettings,
} from '../../src/config/worker-settings.js';

describe('worker settings', () => {
  it('pace the API queue so no window ever holds more than the limit, a one-second burst included', () => {
    const settings = workerSettings({});
    const perSecond = apiActivitiesPerSecond(settings) ?? 0;
    expect(perSecond).toBeCloseTo((100 / 61) * 0.99, 10);
    // A full window of steady pace plus the burst the server's token bucket allows at once.
    expect(perSecond * 60 + Math.max(1, Math.floor(perSecond))).toBeLessThanOrEqual(100);
    expect(apiCallsPerMinute(settings)).toBeGreaterThan(97);
  });

  it('follow a shortened window (benchmarks, demo) the same way', () => {
    const settings = workerSettings({ LEDGERLIFT_API_RATE_WINDOW_SECONDS: '30' });
    const perSecond = apiActivitiesPerSecond(settings) ?? 0;
    expect(perSecond * 30 + Math.floor(perSecond)).toBeLessThanOrEqual(100);
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
