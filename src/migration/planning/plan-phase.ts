import { readChunks } from '../staging/chunk-writer.js';
import { stageKeys } from '../staging/stage-keys.js';
import type { StageManifest } from '../contracts/stage-manifest.js';
import type { StagedRow } from '../contracts/staged-row.js';
import type { PhasePlan, PlanPhaseInput } from '../contracts/workflow-types.js';
import { openDocumentFacts, openOutcomes, type EngineDeps } from '../engine/engine.js';
import type { PlanContext } from '../engine/phase-handler.js';
import { PlanSink } from './plan-sink.js';
import { References } from '../outcomes/references.js';
import { scopeKeys } from '../outcomes/run-keys.js';

/**
 * Plans one phase: settles rows that need no call (already migrated, matched to an existing record,
 * skipped), groups the rest into units, and stores each unit. Idempotent: a phase planned before
 * (a retried activity) answers the stored plan.
 */
export async function planPhase(deps: EngineDeps, input: PlanPhaseInput): Promise<PhasePlan> {
  const store = await deps.openStore(input.scope.runName);
  const keys = scopeKeys(input.scope);
  const planKey = keys.unitPlan(input.planId, input.step, input.phase);
  const existing = await store.getDocument<PhasePlan>(planKey);
  if (existing) return existing;

  const { log, view } = await openOutcomes(deps, store, input.scope);
  const stage = stageKeys(input.scope.stageId);
  const manifest = await store.getDocument<StageManifest>(stage.manifest);
  if (!manifest)
    throw new Error(`stage ${input.scope.stageId} of run ${input.scope.runName} is missing`);
  const sink = new PlanSink(store, log, input);
  const context: PlanContext = {
    sink,
    scope: input.scope,
    store,
    outcomes: view,
    refs: new References(view),
    batchSize: input.batchSize,
    manifest,
    stagedRows: (step) => readChunks<StagedRow>(store, stage.rows(step)),
    documents: () => openDocumentFacts(deps, store, stage.documentFacts),
    snapshot: async <T>(resource: string) => {
      const pages = await store.listDocuments(`${keys.snapshot(resource)}/`);
      const records: T[] = [];
      for (const page of pages) records.push(...((await store.getDocument<T[]>(page)) ?? []));
      return records;
    },
    failedCode: input.replay?.failedCode,
  };

  const handler = deps.handler(input.step, input.phase);
  const planned = await handler.plan(context);
  // Units and outcomes the handler returned follow those it gave the sink as it went.
  for (const rows of planned.units) await sink.unit(rows);
  for (const outcome of planned.decided) await sink.decided(outcome);
  const plan: PhasePlan = { units: await sink.close(), rows: planned.counts };
  await store.putDocument(planKey, plan);
  return plan;
}
