import { startChild, workflowInfo } from '@temporalio/workflow';
import { stepDependencies, stepNames, type StepName } from '../../src/migration/contracts/steps.js';
import { migrateStep, type StepResult } from '../migrate-step.js';
import { kindAttribute } from '../search-attributes.js';
import { scopeOf, type LedgerRun, type StepChild } from './run-state.js';

/** What happened to a step, in the order it happened: migrateLedger records each. */
export type StepEvent =
  | { kind: 'starting'; step: StepName }
  | { kind: 'started'; step: StepName; child: StepChild }
  | { kind: 'done'; step: StepName; result: StepResult };

/**
 * Runs the given steps as children, each once its dependencies are done, and yields what happens
 * to each: the run changes only where migrateLedger takes these events.
 */
export async function* runSteps(
  run: LedgerRun,
  planId: string,
  only: StepName[],
  replay?: { failedCode?: string },
): AsyncGenerator<StepEvent, void> {
  const pending = new Set(only);
  // A step left out of the run (`--steps payments` after an undo of payments, say) was done by an
  // earlier run: it does not hold back the steps that depend on it.
  const finished = new Set<StepName>(stepNames.filter((s) => !only.includes(s)));
  const running = new Map<StepName, Promise<{ step: StepName; result: StepResult }>>();
  while (pending.size > 0 || running.size > 0) {
    for (const step of [...pending]) {
      if (!stepDependencies[step].every((dependency) => finished.has(dependency))) continue;
      pending.delete(step);
      yield { kind: 'starting', step };
      const child = await startStep(run, step, planId, replay);
      yield { kind: 'started', step, child };
      running.set(
        step,
        child.result().then((result) => ({ step, result })),
      );
    }
    if (running.size === 0) break;
    const done = await Promise.race(running.values());
    running.delete(done.step);
    finished.add(done.step);
    yield { kind: 'done', ...done };
  }
}

/** Starts one step's child workflow. */
function startStep(
  run: LedgerRun,
  step: StepName,
  planId: string,
  replay: { failedCode?: string } | undefined,
): Promise<StepChild> {
  const { input, settings } = run;
  return startChild(migrateStep, {
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
}
