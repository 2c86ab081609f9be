import { ApplicationFailure, workflowInfo, type ContinueAsNewOptions } from '@temporalio/workflow';
import {
  checkCarried,
  type CarriedSchema,
} from '../src/migration/contracts/carried-state-schema.js';
import { CONFIGURATION_ERROR } from '../src/migration/contracts/failure-types.js';

/**
 * The state an earlier execution carried (a migration's waiting state, a step's or an undo's
 * cursor), or undefined when there is none. Only continue-as-new hands it over: Temporal sets
 * `continuedFromExecutionRunId` then, and no start from a client can. A fresh start that carries
 * one (a forged second `--input`, say) fails at once, before any activity, since that state
 * decides which safeguards the run skips. Even a continued execution's state is checked against
 * its strict schema (src/migration/contracts/carried-state-schema.ts). Both checks are pure
 * functions of the start event, so histories replay as they ran.
 */
export function acceptCarried<T>(
  schema: CarriedSchema<T>,
  value: unknown,
  what: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!workflowInfo().continuedFromExecutionRunId) {
    throw ApplicationFailure.nonRetryable(
      `This start carries a ${what}, which is accepted only from continue-as-new of the same ` +
        'workflow: start it with its one input object only.',
      CONFIGURATION_ERROR,
    );
  }
  const checked = checkCarried(schema, value, what);
  if (!checked.ok) throw ApplicationFailure.nonRetryable(checked.message, CONFIGURATION_ERROR);
  return checked.value;
}

/**
 * How every long workflow continues as new: the next run starts on the current build of the
 * worker deployment, where a run otherwise stays pinned to the build it started on
 * (docs/temporal-notes.md, "Versioning"). Temporal Server 1.29, which the dev server and
 * docker-compose.yml run, does not know this option yet and keeps the next run on its build.
 */
export const onCurrentBuild: ContinueAsNewOptions = { initialVersioningBehavior: 'AUTO_UPGRADE' };
