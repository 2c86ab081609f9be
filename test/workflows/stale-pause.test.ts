import type * as Workflow from '@temporalio/workflow';
import { describe, expect, it, vi } from 'vitest';
import type { MigrateLedgerInput } from '../../src/migration/contracts/workflow-types.js';
import { answeredByLastResume } from '../../workflows/handlers.js';
import { LedgerRun } from '../../workflows/ledger-run/run-state.js';

// A run outside a workflow: what it asks of the workflow's context, and what it shows in the
// Temporal UI, go nowhere.
vi.mock('@temporalio/workflow', async (importOriginal) => ({
  ...(await importOriginal<typeof Workflow>()),
  workflowInfo: () => ({ firstExecutionRunId: 'first-run' }),
  setCurrentDetails: () => undefined,
  upsertSearchAttributes: () => undefined,
}));

// A credential failure from an attempt scheduled before the operator reconnected and resumed must
// not pause the run again (the revoked-grant chaos case in test/chaos/tokens.chaos.test.ts).
describe('a step pausing failure after the operator resumed', () => {
  const resumedAt = Date.parse('2026-11-25T21:00:00Z');

  it('is answered by the resume when its attempt was scheduled before it', () => {
    const operator = { paused: false, lastResumedAt: resumedAt };
    expect(answeredByLastResume(operator, resumedAt - 1)).toBe(true);
  });

  it('pauses the run when its attempt was scheduled after the resume (the problem is still there)', () => {
    const operator = { paused: false, lastResumedAt: resumedAt };
    expect(answeredByLastResume(operator, resumedAt + 1)).toBe(false);
  });

  it('pauses as before when the run never resumed, is paused now, or the step sent no time', () => {
    expect(answeredByLastResume({ paused: false, lastResumedAt: undefined }, resumedAt)).toBe(
      false,
    );
    expect(answeredByLastResume({ paused: true, lastResumedAt: resumedAt }, resumedAt - 1)).toBe(
      false,
    );
    expect(answeredByLastResume({ paused: false, lastResumedAt: resumedAt }, undefined)).toBe(
      false,
    );
  });
});

// A pause that arrives while the exports are staged: the steps then start told to wait, and the run
// must go on showing "paused" (test/cli/cli-dev.integration.test.ts waits for that word), with the
// phase it reached kept for the resume.
describe('a phase the run reaches while paused', () => {
  const input: MigrateLedgerInput = {
    runName: 'books-2026',
    source: { folder: 'exports', format: 'generic' },
    profile: 'default',
    cutoverDate: '2026-01-01',
    mode: 'live',
  };

  it('is kept for the resume while the run goes on showing "paused"', () => {
    const run = new LedgerRun(input);
    expect(run.phase).toBe('staging');
    run.pause('checking the bank file', Date.parse('2026-11-25T20:00:00Z'));
    run.enter('migrating');
    expect(run.phase).toBe('paused');
    expect(run.progress().pauseReason).toBe('checking the bank file');
    run.resume(Date.parse('2026-11-25T21:00:00Z'));
    expect(run.phase).toBe('migrating');
    expect(run.progress().pauseReason).toBeUndefined();
  });

  it('is shown at once when it ends the run, or when the run is not paused', () => {
    const blocked = new LedgerRun(input);
    blocked.pause('checking the bank file', Date.parse('2026-11-25T20:00:00Z'));
    blocked.enter('blocked');
    expect(blocked.phase).toBe('blocked');
    const running = new LedgerRun(input);
    running.enter('migrating');
    expect(running.phase).toBe('migrating');
  });
});
