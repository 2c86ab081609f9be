import type { EntityName, Problem } from '../../ledger/index.js';
import type { RunStore } from '../../run-store/run-store.js';
import type { StageManifest } from '../contracts/stage-manifest.js';
import { stepOfEntity, type StagingItem } from '../contracts/staged-row.js';
import { finishStage } from './finish-stage.js';
import type { StageSettings } from './stage-settings.js';
import { StageOutputs } from './stage-outputs.js';
import { stagers, type RecordToStage } from './stage-record.js';
import { StagedBooks } from './staged-books.js';

export type { StageSettings } from './stage-settings.js';

/** Rows read between progress reports. */
const PROGRESS_EVERY_ROWS = 5000;

/**
 * Streams the validated ledger into the run store: rows per step in chunks, rows skipped before any
 * API call (with the reason), every problem, document facts, and the projected books. Rows go to
 * the store, and per-document facts and settlements to off-heap maps; the heap keeps totals per
 * account and per counterparty, and the credit groups and tax months the call estimate counts.
 * How each kind of record is staged: stage-record.ts.
 */
export async function stageLedger(
  items: AsyncIterable<StagingItem> | Iterable<StagingItem>,
  store: RunStore,
  settings: StageSettings,
  onProgress: (rowsRead: number) => void = () => undefined,
): Promise<StageManifest> {
  const out = new StageOutputs(store, settings.stageId, settings.rowsKept);
  const staged = new StagedBooks(settings);
  let rowsRead = 0;
  for await (const item of items) {
    if (item.kind === 'problem') {
      await out.problem(item.problem);
      continue;
    }
    rowsRead += 1;
    if (rowsRead % PROGRESS_EVERY_ROWS === 0) onProgress(rowsRead);
    await stageItem(item, out, staged, settings.cutoverDate);
  }
  const manifest = await finishStage(store, settings, out, staged);
  onProgress(rowsRead);
  return manifest;
}

/** Records the item's problems; skips it if any is an error, else stages it by its kind. */
async function stageItem(
  item: Extract<StagingItem, { kind: 'record' }>,
  out: StageOutputs,
  staged: StagedBooks,
  cutoverDate: string,
): Promise<void> {
  const { entity, value } = item.record;
  const step = stepOfEntity[entity];
  for (const problem of item.problems) await out.problem(problem);
  const key = (value as { key?: string }).key;
  const location = (value as { source?: Problem['location'] }).source;
  const errors = item.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    const codes = errors.map((e) => e.code);
    await out.skip({ step, entity, key, reason: 'invalid', codes, location });
    return;
  }
  const stage = stagers[entity] as (record: RecordToStage<EntityName>) => Promise<void>;
  // The readers and validation checked the record against its entity's schema.
  await stage({
    entity,
    value: value as RecordToStage<EntityName>['value'],
    step,
    location,
    out,
    staged,
    cutoverDate,
  });
}
