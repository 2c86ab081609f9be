import { startChild, workflowInfo } from '@temporalio/workflow';
import { stepDependencies, stepNames, type StepName } from '../../src/migration/contracts/steps.js';
import { migrateStep, type StepResult } from '../migrate-step.js';
import { kindAttribute } from '../search-attributes.js';
import type { LedgerRun } from './run-state.js';

/**
 * Runs the given steps as children, each once its dependencies are done, and tells the run what
 * happens to each as it happens. A child started while the run is paused starts told to wait.
 */
export async function runSteps(
  run: LedgerRun,
  planId: string,
  only: StepName[],
  replay?: { failedCode?: string },
): Promise<void> {
  const pending = new Set(only);
  // A step left out of the run (`--steps payments` after an undo of payments, say) was done by an
  // earlier run: it does not hold back the steps that depend on it.
  const finished = new Set<StepName>(stepNames.filter((s) => !only.includes(s)));
  const running = new Map<StepName, Promise<{ step: StepName; result: StepResult }>>();
  while (pending.size > 0 || running.size > 0) {
    for (const step of [...pending]) {
      if (!stepDependencies[step].every((dependency) => finished.has(dependency))) continue;
      pending.delete(step);
      run.stepStarting(step);
      const child = await startStep(run, step, planId, replay);
      run.stepStarted(step, child);
      if (run.paused) await run.tellChildren();
      running.set(
        step,
        child.result().then((result) => ({ step, result })),
      );
    }
    if (running.size === 0) break;
    const done = await Promise.race(running.values());
    running.delete(done.step);
    finished.add(done.step);
    run.stepDone(done.step, done.result);
  }
}

/** Starts one step's child workflow. */
function startStep(
  run: LedgerRun,
  step: StepName,
  planId: string,
  replay: { failedCode?: string } | undefined,
) {
  const { input, settings } = run;
  return startChild(migrateStep, {
    workflowId: `${workflowInfo().workflowId}/${planId}/${step}`,
    typedSearchAttributes: [{ key: kindAttribute, value: 'step' }],
    args: [
      {
        scope: run.scope(),
        planId,
        step,
        batchSize: settings.batchSize,
        concurrency: settings.concurrency,
        ...(input.unitsPerStepRun ? { unitsPerRun: input.unitsPerStepRun } : {}),
        ...(replay ? { replay } : {}),
      },
    ],
  });
}
