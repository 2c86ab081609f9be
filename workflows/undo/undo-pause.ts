import { condition, setHandler } from '@temporalio/workflow';
import { isPausingFailureType } from '../../src/migration/contracts/failure-types.js';
import { failureMessage, failureType } from '../activity-proxies.js';
import { pauseSignal, resumeSignal } from '../handlers.js';
import { answeredByLastResume } from '../ledger-run/pause-and-resume.js';
import { recordUndoPause, recordUndoResume, type UndoRun } from './undo-state.js';

/**
 * The migration's pause and resume signals (workflows/handlers.ts), on an undo: `ledgerlift
 * pause` and `resume`, or the Temporal UI, stop and continue its reversals the same way.
 */
export function handleUndoPauseAndResume(run: UndoRun): void {
  setHandler(pauseSignal, ({ reason }) => recordUndoPause(run, reason ?? 'paused by the operator'));
  setHandler(resumeSignal, () => {
    if (run.paused) recordUndoResume(run, Date.now());
  });
}

/**
 * One API activity of the undo, sent once the undo is not paused. A credential or quota problem
 * (a revoked grant, a 401 after refresh) pauses the undo and the call is sent again once the
 * operator resumes: the engine settled nothing, so nothing is sent twice. As in a migration
 * (ledger-run/pause-and-resume.ts), a failure of an attempt scheduled before the operator's last
 * resume does not pause again: the operator has acted since, so it is just tried again.
 */
export async function pausingOnFailure<T>(run: UndoRun, call: () => Promise<T>): Promise<T> {
  for (;;) {
    if (run.paused) await condition(() => !run.paused);
    const attemptStartedAt = Date.now();
    try {
      return await call();
    } catch (error) {
      const type = failureType(error);
      if (!isPausingFailureType(type)) throw error;
      if (!answeredByLastResume(run, attemptStartedAt)) {
        recordUndoPause(run, `${type}: ${failureMessage(error)}`);
      }
    }
  }
}

export async function waitWhileUndoPaused(run: UndoRun): Promise<void> {
  if (run.paused) await condition(() => !run.paused);
}
