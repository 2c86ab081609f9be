import type { Account, Problem } from '../../ledger/index.js';
import { logEntries, type RunStore } from '../../run-store/run-store.js';
import type { OutcomeView } from '../outcomes/outcome-view.js';
import type { Projection, StageManifest } from '../contracts/stage-manifest.js';
import type { StagedRow, StagingSkip } from '../contracts/staged-row.js';
import type { StepName } from '../contracts/steps.js';
import type { RunScope } from '../contracts/workflow-types.js';
import { openDocumentFacts, openOutcomes, type EngineDeps } from '../engine/engine.js';
import { recordStatus, type RecordStatus } from '../outcomes/record-status.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import { scopeKeys } from '../outcomes/run-keys.js';
import { readChunks } from '../staging/chunk-writer.js';
import { stageKeys } from '../staging/stage-keys.js';

import type { ReplayRound } from '../contracts/replay-round.js';
import { summarizeCallLog, type CallLogStepSummary } from '../call-log/summarize-call-log.js';
import { readReplayHistory } from '../replay-history/record-round.js';
import { chainOf } from '../replay-history/round-keys.js';
import type { AgingComparison, VerificationReport } from '../contracts/verification-report.js';
import type { RecordedCall } from '../contracts/recorded-call.js';
import { readCallLog } from '../call-log/read-call-log.js';
import { keptTally, tallyRecords, type RecordTally, type TalliedRun } from './record-tally.js';

export type { FailedRow, SkippedRow, StepTally } from './record-tally.js';
import { legacyAging, workspaceAging } from '../verification/aging-by-bucket.js';

/**
 * A run as its readers (reports, the CLI) see it: what staging found, each record's status, the
 * outcomes and the verification. The only door into the run store's keys for code outside the
 * migration, so the storage layout can change without touching them.
 */
export interface RunReadModel {
  manifest: StageManifest;
  projection: Projection | undefined;
  verification: VerificationReport | undefined;
  /** How far the outcomes were read: the same value later means the same outcomes (`openOutcomes`). */
  outcomesReadTo: string;
  /**
   * The records' tally (src/migration/reporting/record-tally.ts): the one the run's exact counts
   * just took when the outcomes are still those, else a new pass.
   */
  tally(): Promise<RecordTally>;
  /** Every staged record of a step with its status, one chunk in memory at a time. */
  records(step: StepName): AsyncIterable<{ row: StagedRow } & RecordStatus>;
  /** Rows skipped at staging (invalid, before the cutover...), one page in memory at a time. */
  stagingSkips(): AsyncIterable<StagingSkip>;
  /** Every outcome this scope recorded. */
  outcomes(): Iterable<RowOutcome>;
  /** Every problem reading and validation found, one page in memory at a time. */
  problems(): AsyncIterable<Problem>;
  /** The staged accounts (their names label the verification). */
  accounts(): AsyncIterable<Account>;
  /**
   * The API calls of this run's stages (this dry run; or the live run's rounds), and the
   * workspace pre-check's before them, per step.
   */
  callLogSummary?(): Promise<CallLogStepSummary[]>;
  /** Live runs: each round so far (the main pass, then each replay). */
  replayHistory?(): Promise<ReplayRound[]>;
  /**
   * Every call of this run's call log (the same stages as `callLogSummary`), reads included: the
   * report's count of calls made and its chart of calls per minute are the same calls.
   */
  recordedCalls(): AsyncIterable<RecordedCall>;
  /** Receivables and payables by aging bucket: legacy, and the workspace's in a live run. */
  aging(): Promise<AgingComparison>;
}

/**
 * The workspace pre-check reads under its own stage id (workflows/workspace/workspace-precheck.ts):
 * its calls are the run's too.
 */
const WORKSPACE_CHECK = /-workspace-check$/;

/** Opens the read model of one scope (mode and stage) of a run. */
export async function openRunReadModel(deps: EngineDeps, scope: RunScope): Promise<RunReadModel> {
  const store = await deps.openStore(scope.runName);
  const stage = stageKeys(scope.stageId);
  const manifest = await store.getDocument<StageManifest>(stage.manifest);
  if (!manifest) throw new Error(`Run "${scope.runName}" has no staged manifest ${scope.stageId}.`);
  const projection = await store.getDocument<Projection>(stage.projection);
  const verification = await store.getDocument<VerificationReport>(
    scopeKeys(scope).report('verification'),
  );
  const { log, view, readTo } = await openOutcomes(deps, store, scope);
  const ofThisRun = (stage: string) =>
    chainOf(stage.replace(WORKSPACE_CHECK, '')) === chainOf(scope.stageId);
  const tallied: TalliedRun = {
    records: (step) => recordsOf(store, view, scope.stageId, step),
    stagingSkips: () => stagingSkips(store, scope.stageId),
  };
  return {
    manifest,
    projection,
    verification,
    outcomesReadTo: readTo,
    tally: async () => keptTally(store, scope, readTo) ?? (await tallyRecords(tallied)),
    ...tallied,
    outcomes: () => log.values(),
    problems: () => logEntries(store, stage.problems) as AsyncIterable<Problem>,
    callLogSummary: () => summarizeCallLog(store, ofThisRun),
    replayHistory: () => readReplayHistory(store, scope.stageId),
    recordedCalls: async function* () {
      for await (const call of readCallLog(store)) {
        if (ofThisRun(call.stage)) yield { step: call.step, sentAt: call.at };
      }
    },
    aging: async () => {
      const facts = await openDocumentFacts(deps, store, stage.documentFacts);
      const legacy = legacyAging(facts.values(), manifest.endDate);
      const workspace = async (report: 'aged-receivables' | 'aged-payables') => {
        const payload = await store.getDocument<unknown>(scopeKeys(scope).report(report));
        return payload === undefined ? undefined : workspaceAging(payload);
      };
      const [receivable, payable] = await Promise.all([
        workspace('aged-receivables'),
        workspace('aged-payables'),
      ]);
      return {
        asOf: manifest.endDate,
        receivable: { legacy: legacy.receivable, ...(receivable ? { workspace: receivable } : {}) },
        payable: { legacy: legacy.payable, ...(payable ? { workspace: payable } : {}) },
      };
    },
    accounts: async function* () {
      for await (const row of readChunks<StagedRow>(store, stage.rows('accounts')))
        yield row.record as Account;
    },
  };
}

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
function stagingSkips(store: RunStore, stageId: string): AsyncIterable<StagingSkip> {
  return logEntries(store, stageKeys(stageId).skips) as AsyncIterable<StagingSkip>;
}
