import type { StagingItem } from '../contracts/staged-row.js';
import { stageLedger } from './stage-ledger.js';
import type { StageInput, StageSummary } from '../contracts/workflow-types.js';
import type { EngineDeps } from '../engine/engine.js';

/** Reads the exports (readers, mapping and validation) as the item stream staging consumes. */
export type ExportsReader = (input: StageInput) => AsyncIterable<StagingItem>;

/** Stages the source into the run store and answers its counts (never rows). */
export async function stageExports(
  deps: EngineDeps & { readValidatedExports: ExportsReader },
  input: StageInput,
  onProgress: (rowsRead: number) => void,
): Promise<StageSummary> {
  const store = await deps.openStore(input.runName);
  const manifest = await stageLedger(
    deps.readValidatedExports(input),
    store,
    {
      stageId: input.stageId,
      cutoverDate: input.cutoverDate,
      ...(input.endDate ? { endDate: input.endDate } : {}),
      baseCurrency: input.currency,
      batchSize: input.batchSize,
    },
    onProgress,
  );
  const pick = <K extends 'rows' | 'skipped'>(field: K) =>
    Object.fromEntries(
      Object.entries(manifest.steps).map(([step, counts]) => [step, counts[field]]),
    ) as StageSummary[K];
  return {
    stageId: manifest.stageId,
    endDate: manifest.endDate,
    rows: pick('rows'),
    skipped: pick('skipped'),
    estimatedCalls: manifest.estimatedCalls,
    problems: manifest.problems,
    blocking: manifest.blocking,
    ...(manifest.leftOut ? { leftOut: manifest.leftOut } : {}),
  };
}
