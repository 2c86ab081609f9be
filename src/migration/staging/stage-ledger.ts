import type { EntityName, Problem } from '../../ledger/index.js';
import type { RunStore } from '../../run-store/run-store.js';
import type { StageManifest, DocumentFactsEntry, Projection } from '../contracts/stage-manifest.js';
import { stepOfEntity, type StagingItem } from '../contracts/staged-row.js';
import { StageOutputs } from './stage-outputs.js';
import { stagers, type RecordToStage } from './stage-record.js';
import { StagedBooks } from './staged-books.js';
import { type StepName, stepNames } from '../contracts/steps.js';
import { estimateCalls } from './call-estimate.js';
import { logWriter } from './chunk-writer.js';
import { settleDocuments } from './settle-documents.js';
import { stageKeys } from './stage-keys.js';

/** What one staging pass is told: its id, the migration window, the currency, the batch size. */
export interface StageSettings {
  stageId: string;
  cutoverDate: string;
  /**
   * Last day of the migration window; defaults to the legacy trial balance's date, else the latest
   * date in the ledger.
   */
  endDate?: string;
  baseCurrency: string;
  /** Rows per bulk call, for the call estimate. */
  batchSize: number;
  /**
   * The steps whose rows are written, all unless told; the others are only counted. Validate's
   * prediction reads the accounts alone (src/migration/verification/predict-verdict.ts), and
   * writing every other row to a store it then deletes was a tenth of its time.
   */
  rowsKept?: readonly StepName[];
}

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

/**
 * Once every record is read: settles the documents, writes their facts and what is still buffered,
 * and stores the projected books and the manifest.
 */
async function finishStage(
  store: RunStore,
  settings: StageSettings,
  out: StageOutputs,
  staged: StagedBooks,
): Promise<StageManifest> {
  const keys = stageKeys(settings.stageId);
  // Without --end, the legacy trial balance's date is the end date, so the verification has the
  // legacy figures to compare with (validation blocks a trial balance older than the activity).
  const endDate =
    settings.endDate ??
    (staged.legacyAsOf > staged.latestDate ? staged.legacyAsOf : staged.latestDate);
  const facts = logWriter<DocumentFactsEntry>(store, keys.documentFacts);
  const { aging, agingFrom, settledBeforeCutover } = await settleDocuments(
    staged,
    settings.cutoverDate,
    (entry) => facts.add(entry),
  );
  staged.documents.clear();
  staged.settlements.clear();
  await facts.flush();
  await out.flush();

  const projection: Projection = {
    endDate,
    books: staged.books.balancesAt(endDate),
    roles: staged.postingKeys.toJSON(),
    aging,
    agingFrom,
  };
  const legacyRolledForward = staged.rolledForward.at(endDate, settings.cutoverDate);
  if (legacyRolledForward) projection.legacyRolledForward = legacyRolledForward;
  const manifest = manifestOf(settings, endDate, out, staged, settledBeforeCutover);
  await store.putDocuments([
    [keys.projection, projection],
    [keys.manifest, manifest],
  ]);
  return manifest;
}

/** What the stage holds, its problems, and the calls a run of it should make. */
function manifestOf(
  settings: StageSettings,
  endDate: string,
  out: StageOutputs,
  staged: StagedBooks,
  settledBeforeCutover: { invoices: number; bills: number },
): StageManifest {
  const rows = Object.fromEntries(stepNames.map((step) => [step, out.rowCount(step)])) as Record<
    StepName,
    number
  >;
  return {
    stageId: settings.stageId,
    cutoverDate: settings.cutoverDate,
    endDate,
    baseCurrency: settings.baseCurrency,
    steps: Object.fromEntries(
      stepNames.map((step) => [step, { rows: rows[step], skipped: out.skipCounts[step] }]),
    ) as StageManifest['steps'],
    estimatedCalls: estimateCalls(
      {
        rows,
        ...staged.estimate,
        settledBeforeCutover,
        creditGroups: staged.creditGroups.size,
        vendorCreditGroups: staged.vendorCreditGroups.size,
        taxMonths: staged.taxMonths.size,
      },
      settings.batchSize,
    ),
    problems: out.problemCounts,
    blocking: out.problemCounts.error > 0,
    leftOut: out.ownSkipErrors,
    hasLegacyTrialBalance: out.legacyTrialBalance.count > 0,
    documentCurrencies: [...staged.documentCurrencies].sort(),
  };
}
