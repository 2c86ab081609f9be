import { describe, expect, it } from 'vitest';
import { answeredByLastResume } from '../../workflows/ledger-run/pause-and-resume.js';

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
