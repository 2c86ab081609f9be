import { describe, expect, it } from 'vitest';
import {
  apiCallPriority,
  MAX_UNIT_WINDOW,
  unitWindow,
} from '../../src/migration/contracts/fair-share.js';

describe("a run's share of the API queue", () => {
  it('keys every API call by its run and weight (default 1)', () => {
    expect(apiCallPriority({ runName: 'acme' })).toEqual({
      fairnessKey: 'acme',
      fairnessWeight: 1,
    });
    expect(apiCallPriority({ runName: 'acme', weight: 2 })).toEqual({
      fairnessKey: 'acme',
      fairnessWeight: 2,
    });
  });

  it('keeps calls in flight in proportion to the weight, so a heavy run keeps a backlog', () => {
    // A weight-2 run is served twice as fast: with the same window its backlog drains first.
    expect(unitWindow(16)).toBe(16);
    expect(unitWindow(16, 1)).toBe(16);
    expect(unitWindow(16, 2)).toBe(32);
    expect(unitWindow(4, 2.5)).toBe(10);
    // A light run needs less, but always at least one call.
    expect(unitWindow(4, 0.5)).toBe(2);
    expect(unitWindow(4, 0.1)).toBe(1);
  });

  it('bounds the window, whatever the concurrency and weight', () => {
    expect(unitWindow(32, 100)).toBe(MAX_UNIT_WINDOW);
  });
});
