import { describe, expect, it } from 'vitest';
import type { RunPhase } from '../../src/migration/contracts/workflow-types.js';
import { answeredByLastResume } from '../../workflows/ledger-run/pause-and-resume.js';
import { enterPhase } from '../../workflows/ledger-run/run-state.js';

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
  const pausedRun = () => ({
    phase: 'paused' as RunPhase,
    operator: { paused: true, phaseBeforePause: 'staging' as RunPhase },
  });

  it('is kept for the resume while the run goes on showing "paused"', () => {
    const run = pausedRun();
    enterPhase(run, 'migrating');
    expect(run.phase).toBe('paused');
    expect(run.operator.phaseBeforePause).toBe('migrating');
  });

  it('is shown at once when it ends the run, or when the run is not paused', () => {
    const blocked = pausedRun();
    enterPhase(blocked, 'blocked');
    expect(blocked.phase).toBe('blocked');
    const running = {
      phase: 'staging' as RunPhase,
      operator: { paused: false, phaseBeforePause: 'staging' as RunPhase },
    };
    enterPhase(running, 'migrating');
    expect(running.phase).toBe('migrating');
  });
});
