import { logEntries, type RunStore } from '../../run-store/run-store.js';
import { readChunks } from '../staging/chunk-writer.js';
import { stageKeys } from '../staging/stage-keys.js';
import type { StagedRow, StagingSkip } from '../contracts/staged-row.js';
import { stepNames, type StepName } from '../contracts/steps.js';
import type { RowCounts, RunScope, SkipRequest } from '../contracts/workflow-types.js';
import { openOutcomes, type EngineDeps } from '../engine/engine.js';
import type { OutcomeView } from '../outcomes/outcome-view.js';
import { recordStatus, type RecordStatus } from '../outcomes/record-status.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';

/** Every staged record of a step with its status, one chunk in memory at a time. */
export async function* recordsOf(
  store: RunStore,
  view: OutcomeView,
  stageId: string,
  step: StepName,
): AsyncGenerator<{ row: StagedRow } & RecordStatus> {
  for await (const row of readChunks<StagedRow>(store, stageKeys(stageId).rows(step))) {
    yield { row, ...recordStatus(view, row) };
  }
}

/**
 * Rows skipped at staging (invalid, before the cutover...), one page in memory at a time: a file of
 * bad rows gives one a row.
 */
export function stagingSkips(store: RunStore, stageId: string): AsyncIterable<StagingSkip> {
  return logEntries(store, stageKeys(stageId).skips) as AsyncIterable<StagingSkip>;
}

/** Exact counts per step: the staged records' statuses plus the rows skipped at staging. */
export async function summarizeRun(
  deps: EngineDeps,
  input: { scope: RunScope; steps: StepName[] },
): Promise<Partial<Record<StepName, RowCounts>>> {
  const store = await deps.openStore(input.scope.runName);
  const { view } = await openOutcomes(deps, store, input.scope);
  const skips = new Map<StepName | undefined, number>();
  for await (const skip of stagingSkips(store, input.scope.stageId))
    skips.set(skip.step, (skips.get(skip.step) ?? 0) + 1);
  const result: Partial<Record<StepName, RowCounts>> = {};
  for (const step of input.steps) {
    const counts: RowCounts = { planned: 0, done: 0, failed: 0, skipped: 0 };
    for await (const record of recordsOf(store, view, input.scope.stageId, step)) {
      counts.planned += 1;
      if (record.status === 'done') counts.done += 1;
      else if (record.status === 'failed') counts.failed += 1;
      else if (record.status === 'skipped') counts.skipped += 1;
    }
    const skippedAtStaging = skips.get(step) ?? 0;
    counts.planned += skippedAtStaging;
    counts.skipped += skippedAtStaging;
    result[step] = counts;
  }
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
