import { describe, expect, it } from 'vitest';
import { estimateUnderSharing } from '../../src/reports/estimate-under-sharing.js';

describe("a dry run's estimate beside the migrations running now", () => {
  it('is the time alone when nothing else runs', () => {
    const estimate = estimateUnderSharing(1000, 100, []);
    expect(estimate).toEqual({ minutes: 10, minutesAlone: 10, weight: 1, alongside: [] });
  });

  it('halves the pace beside a larger run of the same weight', () => {
    const estimate = estimateUnderSharing(1000, 100, [
      { name: 'big', weight: 1, remainingCalls: 5000 },
    ]);
    expect(estimate.minutes).toBe(20);
    expect(estimate.minutesAlone).toBe(10);
  });

  it('gets the whole budget back once a nearly finished run is done', () => {
    // 200 calls left beside it: both at 50/min for 4 min, then 800 calls at 100/min.
    const estimate = estimateUnderSharing(1000, 100, [
      { name: 'tail', weight: 1, remainingCalls: 200 },
    ]);
    expect(estimate.minutes).toBe(12);
  });

  it('shares by weight: beside a run of weight 2, a weight-1 run gets a third', () => {
    const estimate = estimateUnderSharing(1000, 90, [
      { name: 'heavy', weight: 2, remainingCalls: 10_000 },
    ]);
    expect(estimate.minutes).toBe(33.4);
    // The same run at weight 2 beside it gets half.
    const heavier = estimateUnderSharing(
      1000,
      90,
      [{ name: 'heavy', weight: 2, remainingCalls: 10_000 }],
      2,
    );
    expect(heavier.minutes).toBe(22.3);
    expect(heavier.weight).toBe(2);
  });

  it('redistributes stage by stage as each run in progress finishes', () => {
    // Weights 1/1/2 at 120/min: this run, `a` and `b` get 30, 30 and 60 a minute.
    const estimate = estimateUnderSharing(300, 120, [
      { name: 'a', weight: 1, remainingCalls: 60 },
      { name: 'b', weight: 2, remainingCalls: 600 },
    ]);
    // Stage 1: 2 min, this run makes 60 (240 left), b 240 (360 left).
    // Stage 2: this run 40/min, b 80/min: this run ends after 6 min. Total 8 min.
    expect(estimate.minutes).toBe(8);
  });

  it('ignores runs with nothing left to call', () => {
    const estimate = estimateUnderSharing(100, 100, [
      { name: 'done', weight: 1, remainingCalls: 0 },
    ]);
    expect(estimate.minutes).toBe(1);
    expect(estimate.alongside).toEqual([]);
  });
});
