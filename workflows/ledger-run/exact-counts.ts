import type { StepName } from '../../src/migration/contracts/steps.js';
import type { RowCounts } from '../../src/migration/contracts/workflow-types.js';
import { localActivities } from '../activity-proxies.js';
import { publish } from './run-progress.js';
import { scopeOf, stepOf, type LedgerRun } from './run-state.js';

/** Replaces live counts with exact ones from the run store (after a round or a skip). */
export async function refreshCounts(run: LedgerRun): Promise<void> {
  const exact = await localActivities.summarizeRun({
    scope: scopeOf(run),
    steps: run.settings.selectedSteps,
  });
  for (const [step, rows] of Object.entries(exact) as Array<[StepName, RowCounts]>) {
    run.steps.set(step, { ...stepOf(run, step), rows });
  }
  publish(run);
}
