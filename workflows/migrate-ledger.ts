import { ApplicationFailure, workflowInfo } from '@temporalio/workflow';
import { ledgerCarriedStateSchema } from '../src/migration/contracts/carried-state-schema.js';
import { CONFIGURATION_ERROR } from '../src/migration/contracts/failure-types.js';
import {
  resolveStartInput,
  type MigrateLedgerStart,
} from '../src/migration/contracts/start-input.js';
import type { MigrateLedgerInput } from '../src/migration/contracts/workflow-types.js';
import { acceptCarried } from './carried-state.js';
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
  given: MigrateLedgerStart,
  carriedGiven?: CarriedState,
): Promise<RunOutcome> {
  const input = checkedInput(given);
  // Without carried state the first pass runs every safeguard; only continue-as-new may skip it.
  const carried = acceptCarried(ledgerCarriedStateSchema, carriedGiven, 'carried state');
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
 * The run name may be left to the workflow id, so the Web UI's form asks for it once.
 */
function checkedInput(given: MigrateLedgerStart): MigrateLedgerInput {
  const resolved = resolveStartInput(given, workflowInfo().workflowId);
  if (!resolved.ok) throw ApplicationFailure.nonRetryable(resolved.message, CONFIGURATION_ERROR);
  return resolved.input;
}
