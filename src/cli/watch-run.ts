import type { WorkflowHandle } from '@temporalio/client';
import type { RunOutcome } from '../../workflows/migrate-ledger.js';
import { progressQuery } from '../../workflows/handlers.js';
import type { RunProgress } from '../migration/contracts/workflow-types.js';
import { renderProgress } from './render-progress.js';

export interface WatchOptions {
  /** Print progress while waiting (a TTY redraws in place; otherwise a line per change). */
  show: boolean;
  /** Stop when a live run waits for the operator (its workflow keeps running). */
  stopWhenAwaitingOperator: boolean;
  out?: NodeJS.WriteStream;
}

/** How a watched run ended, for the exit code. */
export type Watched =
  { kind: 'finished'; outcome: RunOutcome } | { kind: 'awaiting-operator'; progress: RunProgress };

/**
 * Follows a migration until it finishes (or, for a live run, until it waits for the operator),
 * showing progress from its `progress` query once a second.
 */
export async function watchRun(handle: WorkflowHandle, options: WatchOptions): Promise<Watched> {
  const out = options.out ?? process.stdout;
  const result = handle.result() as Promise<RunOutcome>;
  let finished: RunOutcome | undefined;
  void result.then(
    (outcome) => (finished = outcome),
    () => undefined,
  );
  let drawn = 0;
  let lastText = '';
  let lastPhase = '';
  let lastPrinted = 0;
  const draw = (progress: RunProgress, final = false) => {
    if (!options.show) return;
    const lines = renderProgress(progress);
    const text = lines.join('\n');
    if (text === lastText) return;
    // A log file (no TTY) gets a block when the phase changes and every 15 s, not on every change.
    const due = progress.phase !== lastPhase || Date.now() - lastPrinted >= 15_000;
    if (!out.isTTY && !final && !due) return;
    lastPhase = progress.phase;
    lastPrinted = Date.now();
    lastText = text;
    if (out.isTTY && drawn > 0) out.write(`\u001b[${drawn}A\u001b[0J`);
    out.write(`${text}\n`);
    drawn = lines.length;
  };
  for (;;) {
    if (finished) {
      draw(finished.progress, true);
      return { kind: 'finished', outcome: finished };
    }
    let progress: RunProgress | undefined;
    try {
      progress = await handle.query(progressQuery);
    } catch {
      // The run may have just closed (queries then race its end); the result tells.
    }
    if (progress) {
      draw(progress);
      if (options.stopWhenAwaitingOperator && progress.phase === 'awaiting-operator') {
        return { kind: 'awaiting-operator', progress };
      }
    }
    const settled = await Promise.race([
      result.then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000)),
    ]);
    if (settled && !finished) return { kind: 'finished', outcome: await result };
  }
}
