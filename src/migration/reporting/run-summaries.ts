import { stepNames, type StepName } from '../contracts/steps.js';
import type { RowCounts, RunScope, SkipRequest } from '../contracts/workflow-types.js';
import { openOutcomes, type EngineDeps } from '../engine/engine.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import { keepTally, tallyRecords } from './record-tally.js';
import { openRunReadModel, recordsOf } from './run-read-model.js';

/**
 * Exact counts per step: the staged records' statuses plus the rows skipped at staging. The tally
 * they come from is kept for the report that follows (`keepTally`).
 */
export async function summarizeRun(
  deps: EngineDeps,
  input: { scope: RunScope; steps: StepName[] },
): Promise<Partial<Record<StepName, RowCounts>>> {
  const run = await openRunReadModel(deps, input.scope);
  const tally = await tallyRecords(run);
  keepTally(await deps.openStore(input.scope.runName), input.scope, run.outcomesReadTo, tally);
  const result: Partial<Record<StepName, RowCounts>> = {};
  for (const { step, rows } of tally.steps) if (input.steps.includes(step)) result[step] = rows;
  return result;
}

/** Failed records per step (optionally one step, one failure code): what a replay would cover. */
export async function countFailedRows(
  deps: EngineDeps,
  input: { scope: RunScope; step?: StepName; code?: string },
): Promise<Record<string, number>> {
  const store = await deps.openStore(input.scope.runName);
  const { view } = await openOutcomes(deps, store, input.scope);
  const counts: Record<string, number> = {};
  for (const step of stepsOf(input.step)) {
    let failed = 0;
    for await (const record of recordsOf(store, view, input.scope.stageId, step)) {
      if (record.status === 'failed' && (!input.code || record.outcome?.code === input.code))
        failed += 1;
    }
    if (failed > 0) counts[step] = failed;
  }
  return counts;
}

/** Steps of a (re-read) stage that still have records to do: failed, or never attempted. */
export async function stepsWithFailures(
  deps: EngineDeps,
  input: { scope: RunScope; step?: StepName },
): Promise<StepName[]> {
  const store = await deps.openStore(input.scope.runName);
  const { view } = await openOutcomes(deps, store, input.scope);
  const steps: StepName[] = [];
  for (const step of stepsOf(input.step)) {
    for await (const record of recordsOf(store, view, input.scope.stageId, step)) {
      if (record.status === 'failed' || record.status === 'pending') {
        steps.push(step);
        break;
      }
    }
  }
  return steps;
}

/** Marks failed records as skipped on the operator's word; they are no longer replayed. */
export async function skipFailedRows(
  deps: EngineDeps,
  input: { scope: RunScope; request: SkipRequest },
): Promise<{ skipped: number }> {
  const store = await deps.openStore(input.scope.runName);
  const { log, view } = await openOutcomes(deps, store, input.scope);
  const { step: only, code, keys } = input.request;
  const skips: RowOutcome[] = [];
  for (const step of stepsOf(only)) {
    for await (const record of recordsOf(store, view, input.scope.stageId, step)) {
      if (record.status !== 'failed') continue;
      if (code && record.outcome?.code !== code) continue;
      if (keys && !keys.includes(record.row.key)) continue;
      skips.push({
        entity: record.row.entity,
        key: record.row.key,
        status: 'skipped',
        code: 'operator.skipped',
        reason: `skipped by the operator after: ${record.outcome?.reason ?? 'a failure'}`,
        step,
        phase: record.outcome?.phase ?? 'create',
        ...(record.outcome?.location ? { location: record.outcome.location } : {}),
      });
    }
  }
  await log.append(skips);
  return { skipped: skips.length };
}

function stepsOf(step: StepName | undefined): StepName[] {
  return step ? [step] : [...stepNames];
}
