import type {
  MigrateLedgerInput,
  StageSummary,
} from '../../src/migration/contracts/workflow-types.js';

/**
 * Why a live run told to skip invalid rows must still stop: transactions from the cutover on that
 * Ledgerlift does not migrate are real activity, not bad rows, and only `--skip-kind` leaves them
 * out (src/ledger/own-skip-errors.ts). Undefined when nothing stops it.
 */
export function leftOutStop(input: MigrateLedgerInput, stage: StageSummary): string | undefined {
  const leftOut = stage.leftOut ?? 0;
  if (input.mode !== 'live' || !input.skipInvalidRows || leftOut === 0) return undefined;
  const what = leftOut === 1 ? '1 transaction' : `${leftOut} transactions`;
  return `${what} from the cutover on would be missing from the workspace (transaction.left-out in the report). --skip-invalid-rows does not leave them out: enter them in the workspace by hand and run again with --skip-kind naming their kind, as each problem says.`;
}
