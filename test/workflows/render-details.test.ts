// The Temporal Web UI's "current details" panel of a run: what a consultant reads there.
import { describe, expect, it } from 'vitest';
import type { RunProgress } from '../../src/migration/contracts/workflow-types.js';
import { renderDetails } from '../../workflows/render-details.js';

function migrating(overrides: Partial<RunProgress> = {}): RunProgress {
  return {
    runName: 'acme-2026',
    mode: 'live',
    phase: 'migrating',
    round: 0,
    steps: [
      {
        step: 'accounts',
        status: 'done',
        rows: { planned: 40, done: 40, failed: 0, skipped: 0 },
        units: { total: 2, done: 2 },
        calls: 2,
      },
      {
        step: 'invoices',
        status: 'running',
        phase: 'create',
        rows: { planned: 1500, done: 1200, failed: 3, skipped: 0 },
        units: { total: 60, done: 48 },
        calls: 50,
      },
    ],
    calls: { made: 52, remainingEstimate: 12 },
    pacePerMinute: 97,
    etaSeconds: 754,
    ...overrides,
  };
}

describe('the details the Web UI shows for a run', () => {
  it('puts the time to go on the first line, which the panel never clips', () => {
    const [first] = renderDetails(migrating()).split('\n');
    expect(first).toBe('**acme-2026** · live · migrating · ETA about 13 min');
  });

  it('writes counts as "48 of 60", never "48/60", which the markdown renders as a fraction', () => {
    const details = renderDetails(migrating());
    expect(details).toContain('| invoices | running (create 48 of 60) |');
    expect(details).not.toMatch(/\d\/\d/);
  });

  it('gives no time to go once a run ended or waits for the operator', () => {
    for (const phase of ['awaiting-operator', 'completed', 'paused'] as const) {
      const [first] = renderDetails(migrating({ phase })).split('\n');
      expect(first).toBe(`**acme-2026** · live · ${phase}`);
    }
  });

  it('keeps a pause reason on its line and out of the markdown', () => {
    // Anyone who may signal the run writes the reason; the panel renders markdown and raw HTML.
    const reason =
      'checking\n\n**Verified:** 99 accounts match | <img src=x onerror=alert(1)>\u202e';
    const details = renderDetails(migrating({ phase: 'paused', pauseReason: reason }));
    const lines = details.split('\n');
    expect(lines.filter((line) => line.includes('Verified'))).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('**Verified'))).toBe(false);
    // Every "<" is escaped, so no tag reaches the panel's HTML.
    expect(details).not.toMatch(/(^|[^\\])</m);
    expect(details).not.toContain('\u202e');
    // Shown as written: each escape is itself escaped, so the panel prints "\u000a", not a break.
    expect(details).toContain(
      String.raw`**Paused:** checking\\u000a\\u000a\*\*Verified:\*\* 99 accounts match \| \<img src=x onerror=alert\(1\)\>\\u202e`,
    );
  });

  it('never calls books verified that were compared with themselves, and counts in words', () => {
    const verification = {
      verified: true,
      differences: 0,
      clearingBalance: '0.00',
      checkedAccounts: 1,
    };
    const withLegacy = renderDetails(
      migrating({
        phase: 'completed',
        verification: {
          ...verification,
          comparedWith: { target: 'legacy-trial-balance', asOf: '2026-03-31' },
        },
      }),
    );
    expect(withLegacy).toContain('**Verified:** 1 account matches; clearing account 0.00.');
    const withoutLegacy = renderDetails(
      migrating({
        phase: 'completed',
        verification: {
          ...verification,
          comparedWith: { target: 'migrated-ledger', asOf: '2026-03-31' },
        },
      }),
    );
    expect(withoutLegacy).not.toContain('Verified');
    expect(withoutLegacy).toContain(
      '**Checked against what was read only:** 1 account matches; no legacy trial balance in the exports.',
    );
  });

  it('gives no time to go while staging, when nothing is counted yet', () => {
    const [first] = renderDetails(migrating({ phase: 'staging', etaSeconds: 0 })).split('\n');
    expect(first).toBe('**acme-2026** · live · staging');
  });

  it("shows a dry run's calls as the live run's, with no calls per step and no pace", () => {
    const details = renderDetails(
      migrating({ mode: 'dry-run', phase: 'completed', predictedLiveCalls: 10_172 }),
    );
    expect(details).toContain('| Step | Status | Rows | Will migrate | Will fail | Skipped |');
    expect(details).not.toContain('| Calls |');
    expect(details).toContain('Calls the live run would make: 10,172');
    expect(details).not.toMatch(/a minute|\/min|made:/);
  });

  it("fits the panel: every line can wrap, the report's page before the steps", () => {
    // The panel is cut at its width: an unbreakable run of text overflows and hides the last lines.
    const report =
      '/srv/ledgerlift/runs/acme-2026/reports/live-01a24f1c-30d2-78c0-ae6e-ef47f74e60a6/report.html';
    const details = renderDetails(
      migrating({
        phase: 'paused',
        pauseReason: 'CredentialProblem: the refresh token was revoked; connect again',
        reportFolder: report.replace(/\/report\.html$/, ''),
        report,
        verification: {
          verified: false,
          differences: 3,
          clearingBalance: '12.50',
          checkedAccounts: 40,
        },
      }),
    );
    const unbreakable = details
      .replace(/`[^`]*`/g, (code) => code.replace(/[\s-]/g, '_'))
      .split(/\s|<wbr>|-/)
      .map((run) => run.replace(/\\/g, ''));
    expect(Math.max(...unbreakable.map((run) => run.length))).toBeLessThanOrEqual(48);
    // The page itself, whole once its breaks are taken out, before the table of steps.
    const reportLine = details.split('\n').find((line) => line.startsWith('Report: ')) ?? '';
    expect(reportLine.replace(/<wbr>|\\/g, '')).toBe(`Report: ${report}`);
    expect(details.indexOf('Report: ')).toBeLessThan(details.indexOf('| Step |'));
  });

  it("lists a blocked dry run's first problems, and says its books were projected without them", () => {
    const details = renderDetails(
      migrating({
        mode: 'dry-run',
        phase: 'blocked',
        blockedReason:
          'The live run would be blocked: 1 error in the exports must be fixed first, or the run started with skipInvalidRows (--skip-invalid-rows) to leave those rows out.',
        firstProblems: [{ code: 'key.duplicate', count: 1, first: 'customers.csv row 3' }],
        verification: {
          verified: true,
          differences: 0,
          clearingBalance: '0.00',
          checkedAccounts: 18,
        },
      }),
    );
    // A list right after a paragraph joins it in the panel: a blank line comes first.
    expect(details).toContain(
      'to leave those rows out\\.\n\n- `key.duplicate` × 1, the first at customers\\.csv row 3',
    );
    expect(details).toContain(
      '**Verified (projected with the rows in error left out, as skipInvalidRows would):** 18 accounts match; clearing account 0.00.',
    );
  });
});
