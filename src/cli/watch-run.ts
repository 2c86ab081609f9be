import type { WorkflowHandle } from '@temporalio/client';
import type { RunOutcome } from '../../workflows/migrate-ledger.js';
import { progressQuery } from '../../workflows/handlers.js';
import type { RunProgress } from '../migration/contracts/workflow-types.js';
import { CliError, exitCodes } from './exit-codes.js';
import { renderProgress } from './render-progress.js';
import { writeTerminalControl } from './terminal-text.js';

export interface WatchOptions {
  /** Print progress while waiting (a TTY redraws in place; otherwise a line per change). */
  show: boolean;
  /** Stop when a live run waits for the operator (its workflow keeps running). */
  stopWhenAwaitingOperator: boolean;
  out?: NodeJS.WriteStream;
  /**
   * Printed when Ctrl-C stops the watch (src/cli/follow-hint.ts): the run goes on, and how to
   * follow it. The command then ends with exit code 130.
   */
  onInterrupt?: string;
}

/** How a watched run ended, for the exit code. */
export type Watched =
  { kind: 'finished'; outcome: RunOutcome } | { kind: 'awaiting-operator'; progress: RunProgress };

/**
 * Follows a migration until it finishes (or, for a live run, until it waits for the operator),
 * showing progress from its `progress` query once a second.
 */
export async function watchRun(handle: WorkflowHandle, options: WatchOptions): Promise<Watched> {
  // Ctrl-C stops the watch, never the run: the handler replaces Node's default exit for as long as
  // the watch lasts, and the loop below notices at its next wait.
  let interrupt: () => void = () => undefined;
  const interrupted = new Promise<'interrupted'>((resolve) => {
    interrupt = () => resolve('interrupted');
  });
  process.once('SIGINT', interrupt);
  try {
    return await watchUntil(handle, options, interrupted);
  } finally {
    process.removeListener('SIGINT', interrupt);
  }
}

async function watchUntil(
  handle: WorkflowHandle,
  options: WatchOptions,
  interrupted: Promise<'interrupted'>,
): Promise<Watched> {
  const out = options.out ?? process.stdout;
  const stop = () => {
    out.write('\n');
    return new CliError(
      options.onInterrupt ?? 'Stopped following the run; it goes on in Temporal.',
      exitCodes.interrupted,
    );
  };
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
    if (out.isTTY && drawn > 0) writeTerminalControl(out, `\u001b[${drawn}A\u001b[0J`);
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
      const answer = await Promise.race([handle.query(progressQuery), interrupted]);
      if (answer === 'interrupted') throw stop();
      progress = answer;
    } catch (error) {
      if (error instanceof CliError) throw error;
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
      interrupted,
    ]);
    if (settled === 'interrupted') throw stop();
    if (settled && !finished) return { kind: 'finished', outcome: await result };
  }
}
