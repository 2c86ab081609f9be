import { ApplicationFailure, workflowInfo } from '@temporalio/workflow';
import { runWorkflowId } from '../src/migration/contracts/run-name.js';
import { CONFIGURATION_ERROR } from '../src/migration/contracts/failure-types.js';
import {
  checkMigrateLedgerInput,
  describeInputProblems,
} from '../src/migration/contracts/migrate-ledger-input-schema.js';
import type { MigrateLedgerInput } from '../src/migration/contracts/workflow-types.js';
import { firstPass } from './ledger-run/first-pass.js';
import { registerOperatorHandlers } from './ledger-run/operator-handlers.js';
import { awaitOperator } from './ledger-run/operator-loop.js';
import { openRun, type CarriedState, type RunOutcome } from './ledger-run/run-state.js';

export type { CarriedState, RunOutcome } from './ledger-run/run-state.js';

/**
 * A whole migration: stage the exports, run the steps in dependency order (independent ones at the
 * same time), verify the books, write the reports; live runs then wait for replays of failed rows
 * until the operator finishes (or finish by themselves when clean). Its parts are in ledger-run/.
 */
export async function migrateLedger(
  input: MigrateLedgerInput,
  carried?: CarriedState,
): Promise<RunOutcome> {
  refuseUncheckedInput(input);
  const run = openRun(input, carried);
  registerOperatorHandlers(run);
  if (!carried) {
    const outcome = await firstPass(run);
    if (outcome) return outcome;
  }
  return awaitOperator(run);
}

/**
 * Before anything else: an input from the Temporal UI or `temporal workflow start` is unchecked,
 * and a near miss (`mode: "Live"`) would otherwise write while skipping a live run's safeguards.
 */
function refuseUncheckedInput(input: MigrateLedgerInput): void {
  const checked = checkMigrateLedgerInput(input);
  if (!checked.ok) {
    throw ApplicationFailure.nonRetryable(
      describeInputProblems(checked.problems),
      CONFIGURATION_ERROR,
    );
  }
  const expectedId = runWorkflowId(input.runName);
  if (workflowInfo().workflowId !== expectedId) {
    throw ApplicationFailure.nonRetryable(
      `Start this migration with workflow id "${expectedId}": the id comes from the run name, so one migration never runs twice at once.`,
      CONFIGURATION_ERROR,
    );
  }
}
