import type { RunStore } from '../../run-store/run-store.js';
import type { DocumentFactsEntry, Projection, StageManifest } from '../contracts/stage-manifest.js';
import { stepNames, type StepName } from '../contracts/steps.js';
import { estimateCalls } from './call-estimate.js';
import { logWriter } from './chunk-writer.js';
import { settleDocuments } from './settle-documents.js';
import { stageKeys } from './stage-keys.js';
import type { StageSettings } from './stage-settings.js';
import type { StageOutputs } from './stage-outputs.js';
import type { StagedBooks } from './staged-books.js';

/**
 * Once every record is read: settles the documents, writes their facts and what is still buffered,
 * and stores the projected books and the manifest.
 */
export async function finishStage(
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
