import { describe, expect, it } from 'vitest';
import type { RunProgress, RunPhase } from '../../src/migration/contracts/workflow-types.js';
import { exitCodeOfRun } from '../../src/cli/exit-code-of-run.js';
import { exitCodes } from '../../src/cli/exit-codes.js';
import { renderProgress } from '../../src/cli/render-progress.js';

function progressOf(phase: RunPhase, changes: Partial<RunProgress> = {}): RunProgress {
  return {
    runName: 'acme',
    mode: 'live',
    phase,
    round: 0,
    steps: [
      {
        step: 'customers',
        status: 'done',
        rows: { planned: 10, done: 10, failed: 0, skipped: 0 },
        units: { total: 1, done: 1 },
        calls: 1,
      },
    ],
    calls: { made: 1, remainingEstimate: 11_700 },
    pacePerMinute: 60,
    etaSeconds: 11_700,
    ...changes,
  };
}

describe('what status and the run commands say about a run', () => {
  it('gives a time to go only while the run works', () => {
    expect(renderProgress(progressOf('migrating')).join('\n')).toContain('about 3 h 15 min to go');
    for (const phase of ['completed', 'needs-review', 'awaiting-operator', 'blocked'] as const)
      expect(renderProgress(progressOf(phase)).join('\n'), phase).not.toContain('to go');
  });

  it('never calls books verified that were compared with themselves', () => {
    // No legacy trial balance: the books were checked against what was read, and only that.
    const read = progressOf('completed', {
      verification: {
        verified: true,
        differences: 0,
        clearingBalance: '0.00',
        checkedAccounts: 1,
        comparedWith: { target: 'migrated-ledger', asOf: '2026-03-31' },
      },
    });
    const text = renderProgress(read).join('\n');
    expect(text).not.toMatch(/verified/i);
    expect(text).toContain(
      'Books checked against what was read only: 1 account matches, clearing account 0.00',
    );
    expect(text).toContain(
      'No verdict on the legacy books: the exports hold no trial balance, so the run can only be checked against what was read (the migrated ledger at 2026-03-31); the legacy Trial Balance as at 2026-03-31',
    );
  });

  it("says a blocked dry run's books were projected without the rows in error", () => {
    const folder = '.ledgerlift/runs/acme/reports/dry-run-01a24f1c';
    const text = renderProgress(
      progressOf('blocked', {
        mode: 'dry-run',
        blockedReason:
          'The live run would be blocked: 1 error in the exports must be fixed first, or the run started with skipInvalidRows (--skip-invalid-rows) to leave those rows out.',
        verification: {
          verified: false,
          differences: 1,
          clearingBalance: '0.00',
          checkedAccounts: 1_200,
        },
        reportFolder: folder,
        report: `${folder}/report.html`,
      }),
    ).join('\n');
    expect(text).toContain(
      'Books need review (projected with the rows in error left out, as skipInvalidRows would): 1 difference, clearing account 0.00',
    );
    expect(text).toContain(`Report: ${folder}/report.html`);
  });

  it('exits 1 when a run waiting for the operator has books to review, even with no failed row', () => {
    const review = progressOf('awaiting-operator', {
      verification: {
        verified: false,
        differences: 2,
        clearingBalance: '0.00',
        checkedAccounts: 9,
      },
    });
    expect(exitCodeOfRun({ kind: 'awaiting-operator', progress: review })).toBe(
      exitCodes.needsAttention,
    );
    const clean = progressOf('awaiting-operator', {
      verification: { verified: true, differences: 0, clearingBalance: '0.00', checkedAccounts: 9 },
    });
    expect(exitCodeOfRun({ kind: 'awaiting-operator', progress: clean })).toBe(exitCodes.ok);
  });

  it('exits 0 for a finished run only when it completed verified', () => {
    const finished = (status: 'completed' | 'needs-review' | 'blocked') =>
      exitCodeOfRun({ kind: 'finished', outcome: { status, progress: progressOf('completed') } });
    expect(finished('completed')).toBe(exitCodes.ok);
    expect(finished('needs-review')).toBe(exitCodes.needsAttention);
    expect(finished('blocked')).toBe(exitCodes.needsAttention);
  });
});
