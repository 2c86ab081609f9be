import { describe, expect, it } from 'vitest';
import { renderRunList } from '../../src/cli/run-list.js';

describe('ledgerlift status with no run named', () => {
  const started = new Date(2026, 10, 25, 18, 5);
  const lines = renderRunList(
    [
      {
        name: 'acme',
        mode: 'live',
        phase: 'migrating',
        started,
        progress: {
          pacePerMinute: 48.7,
          etaSeconds: 1800,
          calls: { made: 10, remainingEstimate: 1461 },
        },
      },
      {
        name: 'globex',
        mode: 'live',
        phase: 'migrating',
        started,
        progress: {
          pacePerMinute: 24.3,
          etaSeconds: 300,
          calls: { made: 10, remainingEstimate: 121 },
        },
      },
      { name: 'initech', mode: 'dry-run', phase: 'completed', started },
    ],
    97.4,
  );

  it('lists every run under a header, started at local time', () => {
    expect(lines[0]).toMatch(/^RUN\s+MODE\s+PHASE\s+STARTED\s+SHARE\s+PACE\s+ETA$/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('2026-11-25 18:05');
  });

  it("shows each working run's share of the budget, its pace and its ETA at that share", () => {
    expect(lines[1]).toMatch(/acme\s+live\s+migrating\s+\S+ \S+\s+50%\s+48\.7\/min\s+30 min/);
    expect(lines[2]).toMatch(/globex.*25%\s+24\.3\/min\s+5 min/);
  });

  it('shows no share, pace or time to go for a run that has ended', () => {
    expect(lines[3]).toMatch(/initech\s+dry-run\s+completed\s+\S+ \S+\s+-\s+-\s+-$/);
  });

  it('gives a dry run no share of the budget and no pace: its calls are predictions', () => {
    const [, dry] = renderRunList(
      [
        {
          name: 'hooli',
          mode: 'dry-run',
          phase: 'migrating',
          started,
          progress: {
            pacePerMinute: 10_172,
            etaSeconds: 90,
            calls: { made: 900, remainingEstimate: 250 },
          },
        },
      ],
      97.4,
    );
    expect(dry).toMatch(/hooli\s+dry-run\s+migrating\s+\S+ \S+\s+-\s+-\s+2 min$/);
  });
});
