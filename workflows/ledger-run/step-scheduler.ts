import { startChild, workflowInfo } from '@temporalio/workflow';
import { stepDependencies, stepNames, type StepName } from '../../src/migration/contracts/steps.js';
import { migrateStep } from '../migrate-step.js';
import { kindAttribute } from '../search-attributes.js';
import { tellChildren } from './pause-and-resume.js';
import { publish } from './run-progress.js';
import {
  recordStepChild,
  recordStepDone,
  recordStepStarted,
  scopeOf,
  type LedgerRun,
} from './run-state.js';

/** Runs the given steps as children, each once its dependencies are done. */
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
  const running = new Map<StepName, Promise<StepName>>();
  while (pending.size > 0 || running.size > 0) {
    for (const step of [...pending]) {
      if (!stepDependencies[step].every((dependency) => finished.has(dependency))) continue;
      pending.delete(step);
      const child = await startStep(run, step, planId, replay);
      running.set(step, child.counted);
    }
    if (running.size === 0) break;
    const done = await Promise.race(running.values());
    running.delete(done);
    finished.add(done);
    publish(run);
  }
}

/** Starts one step's child; `counted` settles with the step once its counts are in. */
async function startStep(
  run: LedgerRun,
  step: StepName,
  planId: string,
  replay: { failedCode?: string } | undefined,
): Promise<{ counted: Promise<StepName> }> {
  const { input, settings } = run;
  recordStepStarted(run, step);
  const handle = await startChild(migrateStep, {
    workflowId: `${workflowInfo().workflowId}/${planId}/${step}`,
    typedSearchAttributes: [{ key: kindAttribute, value: 'step' }],
    args: [
      {
        scope: scopeOf(run),
        planId,
        step,
        batchSize: settings.batchSize,
        concurrency: settings.concurrency,
        ...(input.unitsPerStepRun ? { unitsPerRun: input.unitsPerStepRun } : {}),
        ...(replay ? { replay } : {}),
      },
    ],
  });
  recordStepChild(run, step, handle);
  if (run.operator.paused) await tellChildren(run);
  const counted = handle.result().then((result) => {
    recordStepDone(run, step, result);
    return step;
  });
  return { counted };
}
