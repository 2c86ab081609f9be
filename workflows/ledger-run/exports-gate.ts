import type {
  MigrateLedgerInput,
  StageSummary,
} from '../../src/migration/contracts/workflow-types.js';

/** What the exports decide about a run once they are staged. */
export interface ExportsGate {
  /**
   * Why a live run of this input would stop before writing, in words for the status, the result,
   * the details panel and the report; undefined when nothing in the exports stops it.
   */
  reason: string | undefined;
  /**
   * Stop this run now, before planning anything: a live run that would stop, or any run when
   * nothing would be migrated. A dry run that a live run's stop does not concern goes on to predict
   * (rows in error left out, as `skipInvalidRows` would), and ends saying the live run would stop.
   */
  now: boolean;
}

/**
 * Decides whether the exports let a live run of `input` write: not when nothing was read that a
 * run could write, when errors remain and `skipInvalidRows` is not given, or when left-out
 * transactions remain (only `--skip-kind` leaves those out: src/ledger/own-skip-errors.ts). A dry
 * run is told the same, so it never ends "complete" for a live run that could not start.
 */
export function exportsGate(input: MigrateLedgerInput, stage: StageSummary): ExportsGate {
  const errors = stage.problems.error;
  if (Object.values(stage.rows).every((rows) => rows === 0)) {
    const why =
      errors > 0
        ? ` (${plural(errors, 'error')} in the exports ${errors === 1 ? 'says' : 'say'} why)`
        : '';
    return {
      reason: `Nothing would be migrated: not one row was read from the exports that a run could write${why}.`,
      now: true,
    };
  }
  const stop = stopOfLiveRun(input, stage);
  if (stop === undefined) return { reason: undefined, now: false };
  return input.mode === 'live'
    ? { reason: stop, now: true }
    : { reason: `The live run would be blocked: ${stop}`, now: false };
}

/** Why a live run stops before writing, or undefined. */
function stopOfLiveRun(input: MigrateLedgerInput, stage: StageSummary): string | undefined {
  const errors = stage.problems.error;
  const leftOut = stage.leftOut ?? 0;
  if (stage.blocking && !input.skipInvalidRows) {
    const own =
      leftOut > 0
        ? ` (${leftOut} of them left-out transactions, which only --skip-kind leaves out)`
        : '';
    return `${plural(errors, 'error')} in the exports must be fixed first${own}, or the run started with skipInvalidRows (--skip-invalid-rows) to leave those rows out.`;
  }
  if (!input.skipInvalidRows || leftOut === 0) return undefined;
  return `${plural(leftOut, 'transaction')} from the cutover on would be missing from the workspace (transaction.left-out in the report). --skip-invalid-rows does not leave them out: enter them in the workspace by hand and run again with --skip-kind naming their kind, as each problem says.`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
